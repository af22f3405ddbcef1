import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { ApiError, textKey, toCents } from '#modules/shared/index'
import type { CensusRecord } from '../census/record.js'
import { rowsWithKeyIn, type KeyLookup } from './key_lookup.js'
import { insertStatements, runStatements, type Statement } from './bulk_insert.js'

/*
| One batch of an import: planned (what exists, what is new, what changed)
| with reads only, then written in one transaction.
*/

/** Census values a re-import may update; contact data and statuses are the member's and the admins'. */
export const CENSUS_FIELDS = [
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
  'Members or products were changed while the import ran, so it stopped and nothing was imported. Please preview and import the file again.'

export function sqlNow() {
  return DateTime.now().toFormat('yyyy-MM-dd HH:mm:ss')
}

export function same(field: string, stored: unknown, incoming: unknown) {
  if (stored === null || stored === undefined || incoming === null || incoming === undefined) {
    return (stored ?? null) === (incoming ?? null)
  }
  if (AMOUNT_FIELDS.has(field)) return toCents(stored as number) === toCents(incoming as number)
  if (field === 'principal_id') return Number(stored) === Number(incoming)
  // Dates may come back with a time part from some drivers.
  if (DATE_FIELDS.has(field)) return String(stored).slice(0, 10) === String(incoming).slice(0, 10)
  return String(stored) === String(incoming)
}

export function censusValues(record: CensusRecord, productName: string | null, principalId: number | null): MemberValues {
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

export function isDuplicateKey(error: any) {
  return error?.code === 'ER_DUP_ENTRY' || error?.code === 'SQLITE_CONSTRAINT_UNIQUE' || error?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** A member added (duplicate key) or a principal deleted (foreign key) since the batch was planned. */
function isRace(error: any) {
  return isDuplicateKey(error) || error?.code === 'ER_NO_REFERENCED_ROW_2' || error?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

const MEMBERS_BY_MEMBER_ID: KeyLookup = { table: 'members', index: 'members_member_id_unique', column: 'member_id', select: ['id', 'member_id'] }
const PRINCIPALS_BY_PERSON_ID: KeyLookup = {
  table: 'members',
  index: 'members_person_id_index',
  column: 'person_id',
  select: ['id', 'person_id'],
  where: (query) => query.where('insured_role', 'Principal'),
}

/** The principal rows (by person ID key) the batch's dependants link to; the oldest row wins. */
export async function principalIds(client: QueryClientContract, records: CensusRecord[]) {
  const principals = new Map<string, number>()
  const personIds = [...new Set(records.map((record) => record.principal_person_id).filter((id): id is string => Boolean(id)))]
  if (personIds.length === 0) return principals
  const rows = await rowsWithKeyIn(client, PRINCIPALS_BY_PERSON_ID, personIds)
  for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    const key = textKey(row.person_id)
    if (!principals.has(key)) principals.set(key, Number(row.id))
  }
  return principals
}

/**
 * The members of the batch already in the table, by Member ID key (an
 * exact spelling wins). The first query reads the unique index only; the
 * census values are fetched for the members found (none on a first import).
 */
export async function existingMembers(client: QueryClientContract, records: CensusRecord[]) {
  const found = await rowsWithKeyIn(client, MEMBERS_BY_MEMBER_ID, records.map((record) => record.member_id))
  const ids = new Map<string, number>()
  const spelled = new Set(records.map((record) => record.member_id))
  for (const row of found) {
    const key = textKey(row.member_id)
    if (!ids.has(key) || spelled.has(row.member_id)) ids.set(key, Number(row.id))
  }
  const byKey = new Map<string, Record<string, any>>()
  if (ids.size === 0) return byKey
  const rows = await client.from('members').whereIn('id', [...ids.values()]).select('id', 'member_id', ...CENSUS_FIELDS)
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  for (const [key, id] of ids) if (byId.has(id)) byKey.set(key, byId.get(id)!)
  return byKey
}

/** What one batch will write: new rows, changes of existing members, and the counts. */
export interface BatchPlan {
  /** How many new members the insert statements add. */
  imported: number
  inserts: Statement[]
  updates: { id: number; changes: Record<string, unknown> }[]
  unchanged: number
  errors: string[]
}

/**
 * Decides what a batch writes: members are matched by Member ID key, so
 * "m-1" updates the member "M-1"; dependants get their principal's id.
 * Only reads, so it runs (on another connection) while the previous batch
 * is being written.
 */
export async function planBatch(records: CensusRecord[], products: Map<string, string>, client: QueryClientContract = db.connection()): Promise<BatchPlan> {
  const [existing, principals] = await Promise.all([existingMembers(client, records), principalIds(client, records)])
  const now = sqlNow()
  const plan: BatchPlan = { imported: 0, inserts: [], updates: [], unchanged: 0, errors: [] }
  const rows: unknown[][] = []
  for (const record of records) {
    const principalId = record.principal_person_id ? principals.get(textKey(record.principal_person_id)) ?? null : null
    if (record.principal_person_id && principalId === null) {
      // The principal was deleted between preview and confirmation.
      plan.errors.push(`Row ${record.row}: Dependant's principal (Person ID ${record.principal_person_id}) is neither in the file nor already imported`)
      continue
    }
    const product = record.product_name ? products.get(textKey(record.product_name)) ?? record.product_name : null
    const values = censusValues(record, product, principalId)
    const stored = existing.get(textKey(record.member_id))
    if (!stored) {
      rows.push(memberRow(record, values, now))
      continue
    }
    const changed = CENSUS_FIELDS.filter((field) => !same(field, stored[field], values[field]))
    if (changed.length === 0) plan.unchanged++
    else plan.updates.push({ id: stored.id, changes: { ...Object.fromEntries(changed.map((field) => [field, values[field]])), updated_at: now } })
  }
  // The statement is built here too, while the previous batch is being written.
  plan.inserts = insertStatements(client, 'members', INSERT_COLUMNS, rows)
  plan.imported = rows.length
  return plan
}

/**
 * One batch, all of it or nothing: new members in one multi-row insert,
 * changed ones updated. A batch that is a single INSERT statement needs no
 * transaction (or savepoint, inside the import's transaction) around it:
 * one statement is atomic by itself, also when it fails.
 */
async function writePlan(plan: BatchPlan, client: QueryClientContract) {
  const inserts = plan.inserts
  if (plan.updates.length === 0 && inserts.length <= 1) return runStatements(client, inserts)
  await client.transaction(async (trx) => {
    await runStatements(trx, inserts)
    for (const { id, changes } of plan.updates) await trx.from('members').where('id', id).update(changes)
  })
}

/**
 * Writes a planned batch. When members changed since it was planned (one of
 * its Member IDs was added, or a principal it links to was deleted), the
 * batch is planned again (it then sees the change) and written once more;
 * a second clash stops the import with a 409.
 */
export async function writeBatch(records: CensusRecord[], plan: BatchPlan, products: Map<string, string>, client: QueryClientContract = db.connection()): Promise<BatchPlan> {
  try {
    await writePlan(plan, client)
    return plan
  } catch (error) {
    if (!isRace(error)) throw error
  }
  // Planned again where it is written: inside the import's transaction that sees its own rows too.
  const fresh = await planBatch(records, products, client)
  try {
    await writePlan(fresh, client)
    return fresh
  } catch (error) {
    if (isRace(error)) throw new ApiError(IMPORT_RACE, 409)
    throw error
  }
}
