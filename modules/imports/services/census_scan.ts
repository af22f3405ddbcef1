import { ApiError, textKey } from '#modules/shared/thread_safe'
import { mapHeaders } from '../census/columns.js'
import type { CensusLine } from '../census/line_batches.js'
import { columnPositions, isBlankLine, parseLine, type ColumnPositions, type PreviewRecord, type RecordValues } from '../census/record.js'
import { TextWriter } from './cache_files.js'

/*
| One pass over a census file's lines (in the preview's reading thread):
| every line validated and counted, the valid records (and the answer's
| records) written to the preview cache files. Needs no database: the
| principals the file does not hold are looked up afterwards.
*/

export const SAMPLE_SIZE = 10

/** Where the scan writes (the preview cache entry's files). */
export interface ScanFiles {
  principals: string
  dependants: string
  /** The screen's records (NDJSON like the others); null when nobody will page through them (the CLI). */
  views: string | null
}

/** What the scan found, small enough to hand between threads (the records themselves are in the files). */
export interface ScanResult {
  total: number
  principals: number
  dependants: number
  /** Distinct Member IDs among the valid records. */
  memberIds: number
  sample: PreviewRecord[]
  /** Skipped rows: [row, "Row N: …"], in file order. */
  rowErrors: [number, string][]
  warnings: string[]
  /** Product spellings, first one met per key, sorted. */
  products: string[]
  /** Principal Person IDs of valid dependants that no valid principal of the file has: [key, first spelling]. */
  missingPrincipals: [string, string][]
}

/** What the reading loop gathers besides the cache files. */
class ScanState {
  total = 0
  principals = 0
  dependants = 0
  positions: ColumnPositions | null = null
  readonly sample: PreviewRecord[] = []
  readonly rowErrors: [number, string][] = []
  readonly warnings: string[] = []
  /** Member ID key → row of the valid record that has it. */
  readonly memberIds = new Map<string, number>()
  /** Product key → the first spelling in the file. */
  readonly products = new Map<string, string>()
  lastProduct = ''
  /** Person ID keys of the valid principals. */
  readonly principalsInFile = new Set<string>()
  /** Principal Person ID key → first spelling, of the valid dependants (their rows are in the cache). */
  readonly referencedPrincipals = new Map<string, string>()
}

/** What one batch of lines adds to the cache files (each serialised in one go). */
class BatchOutput {
  views: PreviewRecord[] = []
  principals: RecordValues[] = []
  dependants: RecordValues[] = []
}

/** One census line: validated, counted, and queued for the cache when valid. */
function takeLine(state: ScanState, out: BatchOutput, row: number, cells: Parameters<typeof parseLine>[1], todayIso: string) {
  const parsed = parseLine(row, cells, state.positions!, todayIso)
  const view = parsed.view
  out.views.push(view)
  if (state.sample.length < SAMPLE_SIZE) state.sample.push(view)
  state.total++
  if (parsed.warnings) for (const warning of parsed.warnings) state.warnings.push(`Row ${row}: ${warning}`)

  let errors = parsed.errors
  const memberKey = view.memberId ? textKey(view.memberId) : ''
  const firstRow = memberKey ? state.memberIds.get(memberKey) : undefined
  if (firstRow !== undefined) errors = [...(errors ?? []), `Member ID ${view.memberId} is already on row ${firstRow}`]
  if (errors || !parsed.record) {
    state.rowErrors.push([row, `Row ${row}: ${errors!.join('; ')}`])
    return
  }
  const record = parsed.record
  const [, , , , role, , , principalPersonId, personId, product] = record
  state.memberIds.set(memberKey, row)
  if (product && product !== state.lastProduct) {
    // Consecutive lines mostly name the same product.
    state.lastProduct = product
    const productKey = textKey(product)
    if (!state.products.has(productKey)) state.products.set(productKey, product)
  }
  if (role === 'Principal') {
    state.principals++
    if (personId) state.principalsInFile.add(textKey(personId))
    out.principals.push(record)
  } else {
    state.dependants++
    const key = textKey(principalPersonId!)
    if (!state.referencedPrincipals.has(key)) state.referencedPrincipals.set(key, principalPersonId!)
    out.dependants.push(record)
  }
}

interface Writers {
  principals: TextWriter
  dependants: TextWriter
  views: TextWriter | null
}

/** A batch's output into the cache files: one JSON text per file and batch, not one per line. */
async function writeToCache(writers: Writers, out: BatchOutput) {
  if (writers.views && out.views.length > 0) writers.views.add(JSON.stringify(out.views) + '\n')
  if (out.principals.length > 0) writers.principals.add(JSON.stringify(out.principals) + '\n')
  if (out.dependants.length > 0) writers.dependants.add(JSON.stringify(out.dependants) + '\n')
  for (const writer of [writers.principals, writers.dependants, writers.views]) if (writer?.full) await writer.flush()
}

/**
 * Reads the lines once: the header row maps the columns (422 when a
 * required one is missing), blank lines are skipped, every other line is
 * validated. Member IDs, person IDs and products are compared by textKey,
 * as MariaDB compares them.
 */
export async function scanCensus(batches: AsyncIterable<CensusLine[]>, files: ScanFiles, todayIso: string): Promise<ScanResult> {
  const writers: Writers = {
    principals: new TextWriter(files.principals),
    dependants: new TextWriter(files.dependants),
    views: files.views ? new TextWriter(files.views) : null,
  }
  const all = [writers.principals, writers.dependants, writers.views].filter((writer) => writer !== null)
  const state = new ScanState()
  try {
    for await (const batch of batches) {
      const out = new BatchOutput()
      for (const { row, cells } of batch) {
        if (!state.positions) {
          const headers = mapHeaders(cells)
          if (headers.missing.length > 0) throw new ApiError(`Missing required column(s): ${headers.missing.join(', ')}`, 422)
          state.positions = columnPositions(headers.positions)
          continue
        }
        if (!isBlankLine(cells)) takeLine(state, out, row, cells, todayIso)
      }
      await writeToCache(writers, out)
    }
    if (!state.positions) throw new ApiError('The file is empty: a header row and at least one record are needed', 422)
    await Promise.all(all.map((writer) => writer.close()))
  } catch (error) {
    await Promise.all(all.map((writer) => writer.abort()))
    throw error
  }
  return {
    total: state.total,
    principals: state.principals,
    dependants: state.dependants,
    memberIds: state.memberIds.size,
    sample: state.sample,
    rowErrors: state.rowErrors,
    warnings: state.warnings,
    products: [...state.products.values()].sort((a, b) => a.localeCompare(b)),
    missingPrincipals: [...state.referencedPrincipals.entries()].filter(([key]) => !state.principalsInFile.has(key)),
  }
}
