import { ApiError, textKey } from '#modules/shared/thread_safe'
import {
  headerTexts,
  mapHeaders,
  MissingColumnsError,
  type ColumnMapping,
} from '../census/columns.js'
import type { CensusLine } from '../census/line_batches.js'
import { cellText, type Cell } from '../census/values.js'
import {
  columnPositions,
  isBlankLine,
  parseLine,
  type ColumnPositions,
  type PreviewRecord,
  type RecordValues,
} from '../census/record.js'
import { TextWriter } from './cache_files.js'
import { KeyTable } from './key_table.js'
import { CensusLimitError } from '../census/csv_guard.js'
import { FILE_TOO_DEMANDING, SCAN_KEYS_MB } from '../census/limits.js'

/*
| One pass over a census file's lines (in the preview's reading thread):
| every line validated and counted, the valid records (and the answer's
| records) written to the preview cache files. Needs no database: the
| principals the file does not hold are looked up afterwards.
*/

const SAMPLE_SIZE = 10

/** Where the scan writes (the preview cache entry's files). */
export interface ScanFiles {
  principals: string
  dependants: string
  /** The screen's records (NDJSON like the others); null when nobody will page through them (the CLI). */
  views: string | null
  /** Skipped rows as the file has them, for the error file: [row, reason, cells]. */
  errors: string
  /**
   * Valid dependants read before any valid principal of their Principal
   * Person ID, as the file has them: [row, cells]. The orphans (known only
   * once the database is asked) are among them; in a census listing each
   * principal before its family this file stays empty.
   */
  pending: string
}

/** A skipped row as the error file shows it. */
export type ErrorLine = [row: number, reason: string, cells: string[]]
/** A dependant that may turn out an orphan, as the file has it. */
export type PendingLine = [row: number, cells: string[]]

/** What the scan found, small enough to hand between threads (the records themselves are in the files). */
export interface ScanResult {
  total: number
  principals: number
  dependants: number
  /** Distinct Member IDs among the valid records. */
  memberIds: number
  sample: PreviewRecord[]
  /** The file's header row (column names as written). */
  headers: string[]
  /** Skipped rows: [row, "Row N: …"], in file order. */
  rowErrors: [number, string][]
  warnings: string[]
  /** Product spellings, first one met per key, sorted. */
  products: string[]
  /** Principal Person IDs of valid dependants that no valid principal of the file has: [key, first spelling]. */
  missingPrincipals: [string, string][]
}

const SCAN_KEYS_LIMIT = {
  bytes: SCAN_KEYS_MB * 1024 * 1024,
  error: () => new CensusLimitError(FILE_TOO_DEMANDING),
}

/** What the reading loop gathers besides the cache files. */
class ScanState {
  total = 0
  principals = 0
  dependants = 0
  positions: ColumnPositions | null = null
  headers: string[] = []
  readonly sample: PreviewRecord[] = []
  readonly rowErrors: [number, string][] = []
  readonly warnings: string[] = []
  /**
   * Member ID key → row of the valid record that has it. One entry per line (a million in the
   * largest censuses): in a KeyTable, off the heap — as a Map it took most of the thread's
   * capped heap, and a census of 1,200,000 rows was refused (docs/benchmarks.md, fifth pass).
   */
  readonly memberIds = new KeyTable(SCAN_KEYS_LIMIT)
  /** Product key → the first spelling in the file. */
  readonly products = new Map<string, string>()
  lastProduct = ''
  /** Person ID keys of the valid principals (value unused). */
  readonly principalsInFile = new KeyTable(SCAN_KEYS_LIMIT)
  /** Principal Person ID key → first spelling, of the valid dependants (their rows are in the cache). */
  readonly referencedPrincipals = new Map<string, string>()
}

/** What one batch of lines adds to the cache files (each serialised in one go). */
class BatchOutput {
  views: PreviewRecord[] = []
  errors: ErrorLine[] = []
  pending: PendingLine[] = []
  principals: RecordValues[] = []
  dependants: RecordValues[] = []
  /** Product spellings met for the first time (the first one per key). */
  products: string[] = []
}

/**
 * A batch's valid records as the cache files hold them (a JSON array of
 * RecordValues, null when none), handed to a follower of the scan (the
 * dry run) while the scan goes on.
 */
export interface ScannedBatch {
  principals: string | null
  dependants: string | null
  /** Product spellings met for the first time in this batch (the first one per key), before its records. */
  products: string[]
  /** Rows of its dependants whose principal the file had not given yet (the only ones that may turn out orphans). */
  pendingRows: number[]
}

/** Receives each batch once it is in the cache files; the scan waits for it (back-pressure). */
export type ScanFollower = (batch: ScannedBatch) => Promise<void>

/** One census line: validated, counted, and queued for the cache when valid. */
function takeLine(
  state: ScanState,
  out: BatchOutput,
  row: number,
  cells: Cell[],
  todayIso: string
) {
  const parsed = parseLine(row, cells, state.positions!, todayIso)
  const view = parsed.view
  out.views.push(view)
  if (state.sample.length < SAMPLE_SIZE) state.sample.push(view)
  state.total++
  if (parsed.warnings)
    for (const warning of parsed.warnings) state.warnings.push(`Row ${row}: ${warning}`)

  let errors = parsed.errors
  const memberKey = view.memberId ? textKey(view.memberId) : ''
  const firstRow = memberKey ? state.memberIds.get(memberKey) : undefined
  if (firstRow !== undefined)
    errors = [...(errors ?? []), `Member ID ${view.memberId} is already on row ${firstRow}`]
  if (errors || !parsed.record) {
    const reason = errors!.join('; ')
    state.rowErrors.push([row, `Row ${row}: ${reason}`])
    out.errors.push([row, reason, cells.map(cellText)])
    return
  }
  const record = parsed.record
  const [, , , , role, , , principalPersonId, personId, product] = record
  state.memberIds.set(memberKey, row)
  if (product && product !== state.lastProduct) {
    // Consecutive lines mostly name the same product.
    state.lastProduct = product
    const productKey = textKey(product)
    if (!state.products.has(productKey)) {
      state.products.set(productKey, product)
      out.products.push(product)
    }
  }
  if (role === 'Principal') {
    state.principals++
    if (personId) state.principalsInFile.set(textKey(personId), 1)
    out.principals.push(record)
  } else {
    state.dependants++
    const key = textKey(principalPersonId!)
    if (!state.referencedPrincipals.has(key))
      state.referencedPrincipals.set(key, principalPersonId!)
    if (!state.principalsInFile.has(key)) out.pending.push([row, cells.map(cellText)])
    out.dependants.push(record)
  }
}

interface Writers {
  principals: TextWriter
  dependants: TextWriter
  views: TextWriter | null
  errors: TextWriter
  pending: TextWriter
}

/**
 * A batch's output into the cache files: one JSON text per file and batch,
 * not one per line. Answers the batch's records as written.
 */
async function writeToCache(writers: Writers, out: BatchOutput): Promise<ScannedBatch> {
  const principals = out.principals.length > 0 ? JSON.stringify(out.principals) : null
  const dependants = out.dependants.length > 0 ? JSON.stringify(out.dependants) : null
  if (writers.views && out.views.length > 0) writers.views.add(JSON.stringify(out.views) + '\n')
  if (principals) writers.principals.add(principals + '\n')
  if (dependants) writers.dependants.add(dependants + '\n')
  if (out.errors.length > 0) writers.errors.add(JSON.stringify(out.errors) + '\n')
  if (out.pending.length > 0) writers.pending.add(JSON.stringify(out.pending) + '\n')
  for (const writer of Object.values(writers)) if (writer?.full) await writer.flush()
  return {
    principals,
    dependants,
    products: out.products,
    pendingRows: out.pending.map(([row]) => row),
  }
}

/**
 * Reads the lines once: the header row maps the columns (the admin's
 * mapping, exact headers, synonyms; MissingColumnsError when a required one
 * is still missing), blank lines are skipped, every other line is
 * validated. Member IDs, person IDs and products are compared by textKey,
 * as MariaDB compares them. `follower` (the dry run) gets each batch's
 * valid records once written.
 */
export async function scanCensus(
  batches: AsyncIterable<CensusLine[]>,
  files: ScanFiles,
  todayIso: string,
  mapping: ColumnMapping = {},
  follower?: ScanFollower
): Promise<ScanResult> {
  const writers: Writers = {
    principals: new TextWriter(files.principals),
    dependants: new TextWriter(files.dependants),
    views: files.views ? new TextWriter(files.views) : null,
    errors: new TextWriter(files.errors),
    pending: new TextWriter(files.pending),
  }
  const all = Object.values(writers).filter((writer) => writer !== null)
  const state = new ScanState()
  try {
    for await (const batch of batches) {
      const out = new BatchOutput()
      for (const { row, cells } of batch) {
        if (!state.positions) {
          const headers = mapHeaders(cells, mapping)
          state.headers = headerTexts(cells)
          if (headers.missing.length > 0)
            throw new MissingColumnsError(headers.missing, state.headers.filter(Boolean))
          state.positions = columnPositions(headers.positions)
          continue
        }
        if (!isBlankLine(cells)) takeLine(state, out, row, cells, todayIso)
      }
      const written = await writeToCache(writers, out)
      if (follower && (written.principals || written.dependants)) await follower(written)
    }
    if (!state.positions)
      throw new ApiError('The file is empty: a header row and at least one record are needed', 422)
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
    headers: state.headers,
    rowErrors: state.rowErrors,
    warnings: state.warnings,
    products: [...state.products.values()].sort((a, b) => a.localeCompare(b)),
    missingPrincipals: missingPrincipals(state),
  }
}

/** The referenced principals no valid principal of the file has (not copying all of them first: half a million in a census of a million rows). */
function missingPrincipals(state: ScanState): [string, string][] {
  const missing: [string, string][] = []
  for (const [key, spelling] of state.referencedPrincipals)
    if (!state.principalsInFile.has(key)) missing.push([key, spelling])
  return missing
}
