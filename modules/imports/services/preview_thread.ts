/*
| The preview's reading thread: reads and checks a census file
| (census_scan.ts) away from the web server's thread and heap, under the
| heap limit preview_service.ts gives it. Posts one message: the scan's
| result, or why it failed.
*/
import { parentPort, workerData } from 'node:worker_threads'
import { ApiError } from '#modules/shared/thread_safe'
import { readCensus } from '../census/reader.js'
import { CensusLimitError } from '../census/csv_guard.js'
import { scanCensus, type ScanFiles } from './census_scan.js'
import { BadMappingError, MissingColumnsError, type ColumnMapping } from '../census/columns.js'

export type PreviewThreadMessage =
  | { result: Awaited<ReturnType<typeof scanCensus>> }
  | { failure: { message: string; status?: number; missingColumns?: string[]; fileColumns?: string[] } }

const { path, files, todayIso, mapping } = workerData as { path: string; files: ScanFiles; todayIso: string; mapping?: ColumnMapping }
const port = parentPort!

try {
  const { batches } = await readCensus(path)
  port.postMessage({ result: await scanCensus(batches, files, todayIso, mapping) } satisfies PreviewThreadMessage)
} catch (error) {
  // Our own refusals keep their message; anything else (a parser's error) is answered generically.
  const known = error instanceof MissingColumnsError
    ? { message: error.message, status: 422, missingColumns: error.missing, fileColumns: error.fileColumns }
    : error instanceof BadMappingError
      ? { message: error.message, status: 422 }
      : error instanceof ApiError ? { message: error.message, status: error.status } : error instanceof CensusLimitError ? { message: error.message, status: 422 } : null
  port.postMessage({ failure: known ?? { message: error instanceof Error ? error.message : String(error) } } satisfies PreviewThreadMessage)
}
port.close()
