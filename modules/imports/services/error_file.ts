import { pipeline, Readable } from 'node:stream'
import { format } from 'fast-csv'
import { jsonLines } from './cache_files.js'
import { previewCache } from './preview_cache.js'
import type { ErrorLine, PendingLine } from './census_scan.js'

/*
| The preview's skipped rows as a CSV file: the file's own columns, then
| Row and Reason, in row order. Streamed from the preview cache (the rows
| the reading thread set aside), never held whole.
*/

export const ORPHAN_REASON = (personId: string) =>
  `Dependant's principal (Person ID ${personId}) is neither in the file nor already imported`

/**
 * OWASP CSV injection: a cell starting with = + - @, a tab or a carriage
 * return could run as a formula in a spreadsheet; a leading apostrophe makes
 * it text (as the back-office's exports do).
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

async function* items<T>(path: string): AsyncGenerator<T> {
  try {
    for await (const lines of jsonLines<T[]>(path)) for (const line of lines) yield* line
  } catch (error) {
    // A preview with nothing set aside has an empty file; a missing one (an older preview) holds nothing either.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/** Skipped rows in row order: the checked-out ones and the orphaned dependants, merged (both files are in row order). */
async function* skippedRows(
  key: string,
  orphans: Map<number, string>
): AsyncGenerator<[number, string, string[]]> {
  const paths = previewCache.errorPaths(key)
  const errors = items<ErrorLine>(paths.errors)
  const orphaned = (async function* () {
    if (orphans.size === 0) return
    for await (const [row, cells] of items<PendingLine>(paths.pending)) {
      if (orphans.has(row))
        yield [row, ORPHAN_REASON(orphans.get(row)!), cells] as [number, string, string[]]
    }
  })()
  let a = await errors.next()
  let b = await orphaned.next()
  while (!a.done || !b.done) {
    if (b.done || (!a.done && a.value[0] < b.value[0])) {
      yield a.value as ErrorLine
      a = await errors.next()
    } else {
      yield b.value
      b = await orphaned.next()
    }
  }
}

/**
 * The error file of a pending preview, for its owner only (404 otherwise):
 * its name and a stream of its CSV text (UTF-8 with a BOM, CRLF lines).
 */
export async function previewErrorFile(
  key: string,
  owner: string
): Promise<{ fileName: string; stream: Readable }> {
  const meta = await previewCache.pending(key, owner)
  const orphans = new Map(meta.orphans)
  const width = meta.headers.length
  const rows = async function* () {
    yield [...meta.headers, 'Row', 'Reason']
    for await (const [row, reason, cells] of skippedRows(key, orphans)) {
      const own = Array.from({ length: width }, (_, index) => neutralise(cells[index] ?? ''))
      yield [...own, String(row), neutralise(reason)]
    }
  }
  const csv = format({ writeBOM: true, rowDelimiter: '\r\n', includeEndRowDelimiter: true })
  const stem = meta.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'census'
  // A failure while reading the cache ends the stream (and so the answer) instead of leaving it open.
  pipeline(Readable.from(rows()), csv, () => undefined)
  return { fileName: `${stem}-errors.csv`, stream: csv }
}
