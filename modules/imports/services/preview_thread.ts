/*
| The preview's reading thread: reads and checks a census file
| (census_scan.ts) away from the web server's thread and heap, under the
| heap limit preview_service.ts gives it. When asked to (`follow`), posts
| each batch's valid records as it goes ({ progress }), at most
| BATCHES_AHEAD not yet taken, so the dry run counts them meanwhile; then
| one message: the scan's result, or why it failed.
*/
import { parentPort, workerData } from 'node:worker_threads'
import { ApiError } from '#modules/shared/thread_safe'
import { readCensus } from '../census/reader.js'
import { CensusLimitError } from '../census/csv_guard.js'
import { scanCensus, type ScanFiles, type ScannedBatch } from './census_scan.js'
import { BadMappingError, MissingColumnsError, type ColumnMapping } from '../census/columns.js'

/** The thread's answer (its last message). */
export type PreviewThreadMessage =
  | { result: Awaited<ReturnType<typeof scanCensus>> }
  | {
      failure: {
        message: string
        status?: number
        missingColumns?: string[]
        fileColumns?: string[]
      }
    }
/** Posted before the answer when following: a batch's valid records for the dry run. */
export type PreviewThreadProgress = { progress: ScannedBatch }

/** Batches posted and not yet taken by the dry run (each reply gives one back). */
const BATCHES_AHEAD = 4

const { path, files, todayIso, mapping, follow } = workerData as {
  path: string
  files: ScanFiles
  todayIso: string
  mapping?: ColumnMapping
  follow?: boolean
}
const port = parentPort!

let credits = BATCHES_AHEAD
let wake: (() => void) | null = null
port.on('message', () => {
  credits++
  wake?.()
  wake = null
})
const postBatch = async (batch: ScannedBatch) => {
  if (credits === 0) await new Promise<void>((resolve) => (wake = resolve))
  credits--
  port.postMessage({ progress: batch } satisfies PreviewThreadProgress)
}

try {
  const { batches } = await readCensus(path)
  port.postMessage({
    result: await scanCensus(batches, files, todayIso, mapping, follow ? postBatch : undefined),
  } satisfies PreviewThreadMessage)
} catch (error) {
  // Our own refusals keep their message; anything else (a parser's error) is answered generically.
  const known =
    error instanceof MissingColumnsError
      ? {
          message: error.message,
          status: 422,
          missingColumns: error.missing,
          fileColumns: error.fileColumns,
        }
      : error instanceof BadMappingError
        ? { message: error.message, status: 422 }
        : error instanceof ApiError
          ? { message: error.message, status: error.status }
          : error instanceof CensusLimitError
            ? { message: error.message, status: 422 }
            : null
  port.postMessage({
    failure: known ?? { message: error instanceof Error ? error.message : String(error) },
  } satisfies PreviewThreadMessage)
}
port.close()
