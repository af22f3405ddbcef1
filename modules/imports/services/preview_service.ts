import db from '@adonisjs/lucid/services/db'
import { ApiError, isoDate, today } from '#modules/shared/index'
import { mapHeaders } from '../census/columns.js'
import { readCensus } from '../census/reader.js'
import { isBlankLine, parseLine, type CensusRecord, type PreviewRecord } from '../census/record.js'
import { PREVIEW_TTL_MS, previewCache, type PreviewMeta } from './preview_cache.js'

export const SAMPLE_SIZE = 10
const LOOKUP_CHUNK = 1000

export interface CensusPreview {
  totalRecords: number
  uniqueMembers: number
  products: string[]
  sampleRecords: PreviewRecord[]
  allRecords: PreviewRecord[]
  validationWarnings: string[]
  /** How many records will be skipped for errors. */
  invalidRecords: number
  cacheKey: string
}

/** Dependants whose principal is neither a valid principal of the file nor already in the database. */
async function findOrphans(dependants: Map<string, number[]>, principalsInFile: Set<string>): Promise<Map<number, string>> {
  const unresolved = [...dependants.keys()].filter((personId) => !principalsInFile.has(personId))
  const known = new Set<string>()
  for (let start = 0; start < unresolved.length; start += LOOKUP_CHUNK) {
    const chunk = unresolved.slice(start, start + LOOKUP_CHUNK)
    const rows = await db.from('members').where('insured_role', 'Principal').whereIn('person_id', chunk).select('person_id')
    for (const row of rows) known.add(row.person_id)
  }
  const orphans = new Map<number, string>()
  for (const personId of unresolved) {
    if (!known.has(personId)) for (const row of dependants.get(personId)!) orphans.set(row, personId)
  }
  return orphans
}

/**
 * Reads a census file once, streaming: validates every line, writes the
 * valid records to the preview cache and answers what the preview screen
 * shows. Nothing is written to the members table.
 */
export async function previewCensus(filePath: string, fileName: string, owner: string): Promise<CensusPreview> {
  const { lines } = await readCensus(filePath)
  const cache = await previewCache.create()
  const todayIso = isoDate(today())!
  const allRecords: PreviewRecord[] = []
  const rowErrors = new Map<number, string>()
  const warnings: string[] = []
  const memberIds = new Map<string, number>()
  const products = new Set<string>()
  const principalsInFile = new Set<string>()
  const dependantsByPrincipal = new Map<string, number[]>()
  let positions: ReturnType<typeof mapHeaders>['positions'] | null = null
  let principals = 0
  let dependants = 0

  try {
    for await (const { row, cells } of lines) {
      if (!positions) {
        const headers = mapHeaders(cells)
        if (headers.missing.length > 0) throw new ApiError(`Missing required column(s): ${headers.missing.join(', ')}`, 422)
        positions = headers.positions
        continue
      }
      if (isBlankLine(cells)) continue
      const parsed = parseLine(row, cells, positions, todayIso)
      allRecords.push(parsed.view)
      for (const warning of parsed.warnings) warnings.push(`Row ${row}: ${warning}`)
      const firstRow = parsed.view.memberId ? memberIds.get(parsed.view.memberId) : undefined
      if (firstRow !== undefined) parsed.errors.push(`Member ID ${parsed.view.memberId} is already on row ${firstRow}`)
      else if (parsed.view.memberId) memberIds.set(parsed.view.memberId, row)
      if (parsed.errors.length > 0 || !parsed.record) {
        rowErrors.set(row, `Row ${row}: ${parsed.errors.join('; ')}`)
        continue
      }
      const record: CensusRecord = parsed.record
      if (record.product_name) products.add(record.product_name)
      if (record.insured_role === 'Principal') {
        principals++
        if (record.person_id) principalsInFile.add(record.person_id)
        await cache.principals.write(record)
      } else {
        dependants++
        const list = dependantsByPrincipal.get(record.principal_person_id!) ?? []
        list.push(row)
        dependantsByPrincipal.set(record.principal_person_id!, list)
        await cache.dependants.write(record)
      }
    }
    if (!positions) throw new ApiError('The file is empty: a header row and at least one record are needed', 422)
  } catch (error) {
    await Promise.all([cache.principals.close(), cache.dependants.close()])
    await previewCache.remove(cache.key)
    if (error instanceof ApiError) throw error
    throw new ApiError('The file could not be read. Please check that it is a valid CSV or XLSX file.', 422)
  }
  await Promise.all([cache.principals.close(), cache.dependants.close()])

  const orphans = await findOrphans(dependantsByPrincipal, principalsInFile)
  for (const [row, personId] of orphans) {
    rowErrors.set(row, `Row ${row}: Dependant's principal (Person ID ${personId}) is neither in the file nor already imported`)
  }
  const errors = [...rowErrors.entries()].sort((a, b) => a[0] - b[0]).map(([, message]) => message)

  const meta: PreviewMeta = {
    owner,
    expiresAt: Date.now() + PREVIEW_TTL_MS,
    fileName,
    products: [...products].sort(),
    errors,
    orphanRows: [...orphans.keys()],
    principals,
    dependants: dependants - orphans.size,
  }
  await previewCache.saveMeta(cache.key, meta)

  return {
    totalRecords: allRecords.length,
    uniqueMembers: memberIds.size,
    products: meta.products,
    sampleRecords: allRecords.slice(0, SAMPLE_SIZE),
    allRecords,
    validationWarnings: [...errors, ...warnings],
    invalidRecords: errors.length,
    cacheKey: cache.key,
  }
}
