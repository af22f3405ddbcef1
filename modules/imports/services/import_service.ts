import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiError, textKey, toCents } from '#modules/shared/index'
import type { CensusRecord } from '../census/record.js'
import { previewCache } from './preview_cache.js'
import { whereKeyIn } from './key_lookup.js'
import { insertRows } from './bulk_insert.js'

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
const DATE_FIELDS = new Set(['date_of_birth', 'policy_start_date', 'policy_end_date'])

/** The columns of a new member, in the order of memberRow(). */
const INSERT_COLUMNS = [
  'member_id', 'insured_full_name', 'date_of_birth', 'insured_role', 'residence_country', 'principal_name',
  'principal_person_id', 'person_id', 'product_name', 'plan_name', 'gender', 'citizenship', 'sum_insured',
  'final_premium', 'premium_currency', 'policy_start_date', 'policy_end_date', 'principal_id', 'email',
  'original_email', 'status', 'created_at', 'updated_at',
]

type MemberValues = Record<(typeof CENSUS_FIELDS)[number], unknown>

export const IMPORT_RACE =
  'Members or products were changed while the import ran, so it stopped. The batches before are imported; please preview and import the file again to finish.'

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
  if (DATE_FIELDS.has(field)) return String(stored).slice(0, 10) === String(incoming).slice(0, 10)
  return String(stored) === String(incoming)
}

function censusValues(record: CensusRecord, productName: string | null, principalId: number | null): MemberValues {
  return {
    insured_full_name: record.insured_full_name,
    date_of_birth: record.date_of_birth,
    insured_role: record.insured_role,
    residence_country: record.residence_country,
    principal_name: record.principal_name,
    principal_person_id: record.principal_person_id,
    person_id: record.person_id,
    product_name: productName,
    plan_name: record.plan_name,
    gender: record.gender,
    citizenship: record.citizenship,
    sum_insured: record.sum_insured,
    final_premium: record.final_premium,
    premium_currency: record.premium_currency,
    policy_start_date: record.policy_start_date,
    policy_end_date: record.policy_end_date,
    principal_id: principalId,
  }
}

function memberRow(record: CensusRecord, values: MemberValues, now: string): unknown[] {
  return [
    record.member_id, values.insured_full_name, values.date_of_birth, values.insured_role, values.residence_country,
    values.principal_name, values.principal_person_id, values.person_id, values.product_name, values.plan_name,
    values.gender, values.citizenship, values.sum_insured, values.final_premium, values.premium_currency,
    values.policy_start_date, values.policy_end_date, values.principal_id, record.email, record.email, 'Active', now, now,
  ]
}

function isDuplicateKey(error: any) {
  return error?.code === 'ER_DUP_ENTRY' || error?.code === 'SQLITE_CONSTRAINT_UNIQUE' || error?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** Runs work; when another writer got in first with the same unique key, once more (it then sees that row). */
async function retryOnDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
  }
  try {
    return await work()
  } catch (error) {
    if (isDuplicateKey(error)) throw new ApiError(IMPORT_RACE, 409)
    throw error
  }
}

/** The principal rows (by person ID key) the batch's dependants link to; the oldest row wins. */
async function principalIds(trx: TransactionClientContract, records: CensusRecord[]) {
  const principals = new Map<string, number>()
  const personIds = [...new Set(records.map((record) => record.principal_person_id).filter((id): id is string => Boolean(id)))]
  if (personIds.length === 0) return principals
  const query = trx.from('members').where('insured_role', 'Principal').orderBy('id').select('id', 'person_id')
  for (const row of await whereKeyIn(trx, query, 'person_id', personIds)) {
    const key = textKey(row.person_id)
    if (!principals.has(key)) principals.set(key, Number(row.id))
  }
  return principals
}

/** The members of the batch already in the table, by Member ID key (an exact spelling wins). */
async function existingMembers(trx: TransactionClientContract, records: CensusRecord[]) {
  const query = trx.from('members').select('id', 'member_id', ...CENSUS_FIELDS)
  const rows = await whereKeyIn(trx, query, 'member_id', records.map((record) => record.member_id))
  const byKey = new Map<string, Record<string, any>>()
  const spelled = new Set(records.map((record) => record.member_id))
  for (const row of rows) {
    const key = textKey(row.member_id)
    if (!byKey.has(key) || spelled.has(row.member_id)) byKey.set(key, row)
  }
  return byKey
}

interface BatchTally {
  imported: number
  updated: number
  unchanged: number
  errors: string[]
}

/**
 * One batch in one transaction: new members in one multi-row insert,
 * changed ones updated. Members are matched by Member ID key, so "m-1"
 * updates the member "M-1". Counts are returned, and only count once the
 * transaction has committed.
 */
async function writeBatch(records: CensusRecord[], products: Map<string, string>): Promise<BatchTally> {
  return db.transaction(async (trx) => {
    const tally: BatchTally = { imported: 0, updated: 0, unchanged: 0, errors: [] }
    const existing = await existingMembers(trx, records)
    const principals = await principalIds(trx, records)
    const now = sqlNow()
    const inserts: unknown[][] = []
    for (const record of records) {
      const principalId = record.principal_person_id ? principals.get(textKey(record.principal_person_id)) ?? null : null
      if (record.principal_person_id && principalId === null) {
        // The principal was deleted between preview and confirmation.
        tally.errors.push(`Row ${record.row}: Dependant's principal (Person ID ${record.principal_person_id}) is neither in the file nor already imported`)
        continue
      }
      const product = record.product_name ? products.get(textKey(record.product_name)) ?? record.product_name : null
      const values = censusValues(record, product, principalId)
      const stored = existing.get(textKey(record.member_id))
      if (!stored) {
        inserts.push(memberRow(record, values, now))
        continue
      }
      const changed = CENSUS_FIELDS.filter((field) => !same(field, stored[field], values[field]))
      if (changed.length === 0) {
        tally.unchanged++
        continue
      }
      await trx.from('members').where('id', stored.id).update({ ...Object.fromEntries(changed.map((field) => [field, values[field]])), updated_at: now })
      tally.updated++
    }
    await insertRows(trx, 'members', INSERT_COLUMNS, inserts)
    tally.imported = inserts.length
    return tally
  })
}

/**
 * Makes sure the catalogue has every product the census names, matched by
 * textKey ("GOLD PLAN" is the product "Gold Plan"); existing settings stay.
 * Answers how many were added and each product key's catalogue spelling.
 */
async function addNewProducts(names: string[]): Promise<{ added: number; spelling: Map<string, string> }> {
  return db.transaction(async (trx) => {
    const spelling = new Map<string, string>()
    for (const row of await trx.from('products').select('product_name')) spelling.set(textKey(row.product_name), row.product_name)
    const now = sqlNow()
    const fresh: unknown[][] = []
    for (const name of names) {
      const key = textKey(name)
      if (spelling.has(key)) continue
      spelling.set(key, name)
      fresh.push([name, now, now])
    }
    await insertRows(trx, 'products', ['product_name', 'created_at', 'updated_at'], fresh)
    return { added: fresh.length, spelling }
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
    const products = await retryOnDuplicate(() => addNewProducts(meta.products))
    result.newProductsAdded = products.added
    for (const kind of ['principals', 'dependants'] as const) {
      let batch: CensusRecord[] = []
      const flush = async () => {
        if (batch.length === 0) return
        const records = batch
        batch = []
        const tally = await retryOnDuplicate(() => writeBatch(records, products.spelling))
        result.membersImported += tally.imported
        result.membersUpdated += tally.updated
        result.membersUnchanged += tally.unchanged
        result.errors.push(...tally.errors)
        done += records.length
        onProgress?.({ done, total })
      }
      for await (const chunk of previewCache.records(cacheKey, kind)) {
        for (const record of chunk) {
          if (orphans.has(record.row)) continue
          batch.push(record)
          if (batch.length >= BATCH_SIZE) await flush()
        }
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
