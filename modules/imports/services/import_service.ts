import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { toCents } from '#modules/shared/index'
import type { CensusRecord } from '../census/record.js'
import { previewCache } from './preview_cache.js'

/** Rows per multi-row insert and per transaction. */
export const BATCH_SIZE = 1000

export interface ImportResult {
  membersImported: number
  membersUpdated: number
  membersUnchanged: number
  newProductsAdded: number
  errors: string[]
}

export interface ImportProgress {
  done: number
  total: number
}

/** Census values a re-import may update; contact data and statuses are the member's and the admins'. */
const CENSUS_FIELDS = [
  'insured_full_name', 'date_of_birth', 'insured_role', 'residence_country', 'principal_name', 'principal_person_id',
  'person_id', 'product_name', 'plan_name', 'gender', 'citizenship', 'sum_insured', 'final_premium',
  'premium_currency', 'policy_start_date', 'policy_end_date', 'principal_id',
] as const
const AMOUNT_FIELDS = new Set(['sum_insured', 'final_premium'])

type MemberValues = Record<(typeof CENSUS_FIELDS)[number], unknown>

function sqlNow() {
  return DateTime.now().toFormat('yyyy-MM-dd HH:mm:ss')
}

function same(field: string, stored: unknown, incoming: unknown) {
  if (stored === null || stored === undefined || incoming === null || incoming === undefined) {
    return (stored ?? null) === (incoming ?? null)
  }
  if (AMOUNT_FIELDS.has(field)) return toCents(stored as number) === toCents(incoming as number)
  if (field === 'principal_id') return Number(stored) === Number(incoming)
  // Dates may come back with a time part from some drivers.
  return String(stored).slice(0, 10) === String(incoming).slice(0, 10) || String(stored) === String(incoming)
}

function censusValues(record: CensusRecord, principalId: number | null): MemberValues {
  const { row: _row, member_id: _id, email: _email, ...values } = record
  return { ...values, principal_id: principalId }
}

/** The principal rows (by person ID) the batch's dependants link to. */
async function principalIds(trx: TransactionClientContract, records: CensusRecord[]) {
  const personIds = [...new Set(records.map((record) => record.principal_person_id).filter(Boolean))] as string[]
  if (personIds.length === 0) return new Map<string, number>()
  const rows = await trx.from('members').where('insured_role', 'Principal').whereIn('person_id', personIds).orderBy('id', 'desc').select('id', 'person_id')
  return new Map<string, number>(rows.map((row) => [row.person_id, Number(row.id)]))
}

/** One batch in one transaction: new members in one multi-row insert, changed ones updated. */
async function writeBatch(records: CensusRecord[], result: ImportResult) {
  await db.transaction(async (trx) => {
    const existing = await trx.from('members').whereIn('member_id', records.map((record) => record.member_id)).select('id', 'member_id', ...CENSUS_FIELDS)
    const byMemberId = new Map(existing.map((row) => [row.member_id, row]))
    const principals = await principalIds(trx, records)
    const now = sqlNow()
    const inserts: Record<string, unknown>[] = []
    for (const record of records) {
      const principalId = record.principal_person_id ? principals.get(record.principal_person_id) ?? null : null
      if (record.principal_person_id && principalId === null) {
        // The principal was deleted between preview and confirmation.
        result.errors.push(`Row ${record.row}: Dependant's principal (Person ID ${record.principal_person_id}) is neither in the file nor already imported`)
        continue
      }
      const values = censusValues(record, principalId)
      const stored = byMemberId.get(record.member_id)
      if (!stored) {
        inserts.push({ ...values, member_id: record.member_id, email: record.email, original_email: record.email, status: 'Active', created_at: now, updated_at: now })
        continue
      }
      const changes = Object.fromEntries(CENSUS_FIELDS.filter((field) => !same(field, stored[field], values[field])).map((field) => [field, values[field]]))
      if (Object.keys(changes).length === 0) {
        result.membersUnchanged++
        continue
      }
      await trx.from('members').where('id', stored.id).update({ ...changes, updated_at: now })
      result.membersUpdated++
    }
    if (inserts.length > 0) await trx.table('members').multiInsert(inserts)
    result.membersImported += inserts.length
  })
}

/** Adds the products the census names that the catalogue does not have yet; existing settings stay. */
async function addNewProducts(names: string[]): Promise<number> {
  if (names.length === 0) return 0
  return db.transaction(async (trx) => {
    const known = new Set((await trx.from('products').whereIn('product_name', names).select('product_name')).map((row) => row.product_name))
    const now = sqlNow()
    const fresh = names.filter((name) => !known.has(name)).map((product_name) => ({ product_name, created_at: now, updated_at: now }))
    if (fresh.length > 0) await trx.table('products').multiInsert(fresh)
    return fresh.length
  })
}

/**
 * Imports a confirmed preview: products first, then principals, then
 * dependants (so they can link to principals of the same file), in
 * transactions of BATCH_SIZE records. Members are matched by Member ID, so
 * importing the same file again changes nothing.
 */
export async function importPreview(cacheKey: string, owner: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportResult> {
  const meta = await previewCache.claim(cacheKey, owner)
  const result: ImportResult = { membersImported: 0, membersUpdated: 0, membersUnchanged: 0, newProductsAdded: 0, errors: [...meta.errors] }
  const orphans = new Set(meta.orphanRows)
  const total = meta.principals + meta.dependants
  let done = 0
  try {
    result.newProductsAdded = await addNewProducts(meta.products)
    for (const kind of ['principals', 'dependants'] as const) {
      let batch: CensusRecord[] = []
      const flush = async () => {
        if (batch.length === 0) return
        await writeBatch(batch, result)
        done += batch.length
        batch = []
        onProgress?.({ done, total })
      }
      for await (const record of previewCache.records(cacheKey, kind)) {
        if (orphans.has(record.row)) continue
        batch.push(record)
        if (batch.length >= BATCH_SIZE) await flush()
      }
      await flush()
    }
  } catch (error) {
    await previewCache.release(cacheKey)
    throw error
  }
  await previewCache.remove(cacheKey)
  return result
}
