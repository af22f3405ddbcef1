import db from '@adonisjs/lucid/services/db'
import { ApiError, isoDate, textKey, today } from '#modules/shared/index'
import { mapHeaders } from '../census/columns.js'
import { readCensus } from '../census/reader.js'
import { columnPositions, isBlankLine, parseLine, type ColumnPositions, type PreviewRecord, type RecordValues } from '../census/record.js'
import { PREVIEW_TTL_MS, previewCache, type PreviewMeta } from './preview_cache.js'
import { rowsWithKeyIn } from './key_lookup.js'

export const SAMPLE_SIZE = 10

/**
 * What the preview screen shows, except allRecords: those are written to
 * the preview cache while reading and streamed into the HTTP answer
 * (preview_answer.ts), so 100,000 records are never held in memory.
 */
export interface CensusPreview {
  totalRecords: number
  /** Distinct Member IDs among the records that will be imported. */
  uniqueMembers: number
  products: string[]
  sampleRecords: PreviewRecord[]
  validationWarnings: string[]
  /** How many records will be skipped for errors. */
  invalidRecords: number
  cacheKey: string
}

export interface PreviewOptions {
  /** Keep allRecords for the HTTP answer (the CLI shows counts only). */
  withAllRecords?: boolean
}

/** What the reading loop gathers besides the cache files. */
class PreviewState {
  total = 0
  principals = 0
  dependants = 0
  positions: ColumnPositions | null = null
  readonly sample: PreviewRecord[] = []
  readonly rowErrors = new Map<number, string>()
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

/**
 * Dependants whose principal is neither a valid principal of the file nor
 * already in the database, by row (with the Principal Person ID they
 * give). Their rows are looked up in the cache only when there are any.
 */
async function findOrphans(state: PreviewState, cacheKey: string): Promise<Map<number, string>> {
  const orphans = new Map<number, string>()
  const unresolved = [...state.referencedPrincipals.entries()].filter(([key]) => !state.principalsInFile.has(key))
  if (unresolved.length === 0) return orphans
  const client = db.connection()
  const lookup = { table: 'members', index: 'members_person_id_index', column: 'person_id', select: ['person_id'], where: (query: any) => query.where('insured_role', 'Principal') }
  const rows = await rowsWithKeyIn(client, lookup, unresolved.map(([, personId]) => personId))
  const known = new Set(rows.map((row) => textKey(row.person_id)))
  const unknown = new Set(unresolved.map(([key]) => key).filter((key) => !known.has(key)))
  if (unknown.size === 0) return orphans
  for await (const records of previewCache.records(cacheKey, 'dependants')) {
    for (const record of records) if (unknown.has(textKey(record.principal_person_id!))) orphans.set(record.row, record.principal_person_id!)
  }
  return orphans
}

type CacheEntry = Awaited<ReturnType<typeof previewCache.create>>

/** What one batch of lines adds to the cache files (each serialised in one go). */
class BatchOutput {
  views: PreviewRecord[] = []
  principals: RecordValues[] = []
  dependants: RecordValues[] = []
}

/** One census line: validated, counted, and queued for the cache when valid. */
function takeLine(state: PreviewState, out: BatchOutput, row: number, cells: Parameters<typeof parseLine>[1], todayIso: string) {
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
    state.rowErrors.set(row, `Row ${row}: ${errors!.join('; ')}`)
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

/** A batch's output into the cache files: one JSON text per file and batch, not one per line. */
async function writeToCache(cache: CacheEntry, out: BatchOutput, first: boolean) {
  if (cache.views && out.views.length > 0) cache.views.add((first ? '' : ',') + JSON.stringify(out.views).slice(1, -1))
  if (out.principals.length > 0) cache.principals.add(JSON.stringify(out.principals) + '\n')
  if (out.dependants.length > 0) cache.dependants.add(JSON.stringify(out.dependants) + '\n')
  for (const writer of [cache.principals, cache.dependants, cache.views]) if (writer?.full) await writer.flush()
}

/**
 * Reads a census file once, streaming: validates every line, writes the
 * valid records (and the answer's records) to the preview cache and
 * answers what the preview screen shows. Nothing is written to the members
 * table. Member IDs, person IDs and products are compared by textKey, as
 * MariaDB compares them.
 */
export async function previewCensus(filePath: string, fileName: string, owner: string, options: PreviewOptions = {}): Promise<CensusPreview> {
  const { batches } = await readCensus(filePath)
  const cache = await previewCache.create(options.withAllRecords ?? true)
  const writers = [cache.principals, cache.dependants, cache.views].filter((writer) => writer !== null)
  const todayIso = isoDate(today())!
  const state = new PreviewState()

  try {
    for await (const batch of batches) {
      const out = new BatchOutput()
      const first = state.total === 0
      for (const { row, cells } of batch) {
        if (!state.positions) {
          const headers = mapHeaders(cells)
          if (headers.missing.length > 0) throw new ApiError(`Missing required column(s): ${headers.missing.join(', ')}`, 422)
          state.positions = columnPositions(headers.positions)
          continue
        }
        if (!isBlankLine(cells)) takeLine(state, out, row, cells, todayIso)
      }
      await writeToCache(cache, out, first)
    }
    if (!state.positions) throw new ApiError('The file is empty: a header row and at least one record are needed', 422)
    await Promise.all(writers.map((writer) => writer.close()))
  } catch (error) {
    await Promise.all(writers.map((writer) => writer.abort()))
    await previewCache.remove(cache.key)
    if (error instanceof ApiError) throw error
    throw new ApiError('The file could not be read. Please check that it is a valid CSV or XLSX file.', 422)
  }

  const orphans = await findOrphans(state, cache.key)
  for (const [row, personId] of orphans) {
    state.rowErrors.set(row, `Row ${row}: Dependant's principal (Person ID ${personId}) is neither in the file nor already imported`)
  }
  const errors = [...state.rowErrors.entries()].sort((a, b) => a[0] - b[0]).map(([, message]) => message)

  const meta: PreviewMeta = {
    owner,
    expiresAt: Date.now() + PREVIEW_TTL_MS,
    fileName,
    products: [...state.products.values()].sort((a, b) => a.localeCompare(b)),
    errors,
    orphanRows: [...orphans.keys()],
    principals: state.principals,
    dependants: state.dependants - orphans.size,
  }
  await previewCache.saveMeta(cache.key, meta)

  return {
    totalRecords: state.total,
    uniqueMembers: state.memberIds.size - orphans.size,
    products: meta.products,
    sampleRecords: state.sample,
    validationWarnings: [...errors, ...state.warnings],
    invalidRecords: errors.length,
    cacheKey: cache.key,
  }
}
