import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { censusInsertStatements, writeCensusMembers } from '#modules/members/index'
import { ApiError, textKey, toCents, type Statement } from '#modules/shared/index'
import type { CensusRecord } from '../census/record.js'
import { rowsWithKeyIn, type KeyLookup } from './key_lookup.js'
import type { PrincipalKey, WrittenKeys, WrittenPrincipals } from './written_principals.js'

/*
| One batch of an import: planned (what exists, what is new, what changed)
| with reads only, then written in one transaction.
*/

/** Census values a re-import may update; contact data and statuses are the member's and the admins'. */
export const CENSUS_FIELDS = [
  'insured_full_name',
  'date_of_birth',
  'insured_role',
  'residence_country',
  'principal_name',
  'principal_person_id',
  'person_id',
  'product_name',
  'plan_name',
  'gender',
  'citizenship',
  'sum_insured',
  'final_premium',
  'premium_currency',
  'policy_start_date',
  'policy_end_date',
  'principal_id',
] as const
const AMOUNT_FIELDS = new Set(['sum_insured', 'final_premium'])
const DATE_FIELDS = new Set(['date_of_birth', 'policy_start_date', 'policy_end_date'])

/** The columns of a new member, in the order of memberRow(). */
const INSERT_COLUMNS = [
  'member_id',
  'insured_full_name',
  'date_of_birth',
  'insured_role',
  'residence_country',
  'principal_name',
  'principal_person_id',
  'person_id',
  'product_name',
  'plan_name',
  'gender',
  'citizenship',
  'sum_insured',
  'final_premium',
  'premium_currency',
  'policy_start_date',
  'policy_end_date',
  'principal_id',
  'email',
  'original_email',
  'status',
  'created_at',
  'updated_at',
]

type MemberValues = Record<(typeof CENSUS_FIELDS)[number], unknown>

const IMPORT_RACE =
  'Members or products were changed while the import ran, so it stopped and nothing was imported. Please preview and import the file again.'

export function sqlNow() {
  return DateTime.now().toFormat('yyyy-MM-dd HH:mm:ss')
}

export function same(field: string, stored: unknown, incoming: unknown) {
  if (stored === null || stored === undefined || incoming === null || incoming === undefined) {
    return (stored ?? null) === (incoming ?? null)
  }
  // Equal numbers are equal cents (a re-import mostly compares equal amounts; rounding each costs the dry run ~0.1 s per 100,000).
  if (AMOUNT_FIELDS.has(field))
    return (
      Number(stored) === Number(incoming) ||
      toCents(stored as number) === toCents(incoming as number)
    )
  if (field === 'principal_id') return Number(stored) === Number(incoming)
  // Dates may come back with a time part from some drivers.
  if (DATE_FIELDS.has(field)) return String(stored).slice(0, 10) === String(incoming).slice(0, 10)
  return String(stored) === String(incoming)
}

export function censusValues(
  record: CensusRecord,
  productName: string | null,
  principalId: number | null
): MemberValues {
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
    record.member_id,
    values.insured_full_name,
    values.date_of_birth,
    values.insured_role,
    values.residence_country,
    values.principal_name,
    values.principal_person_id,
    values.person_id,
    values.product_name,
    values.plan_name,
    values.gender,
    values.citizenship,
    values.sum_insured,
    values.final_premium,
    values.premium_currency,
    values.policy_start_date,
    values.policy_end_date,
    values.principal_id,
    record.email,
    record.email,
    'Active',
    now,
    now,
  ]
}

export function isDuplicateKey(error: any) {
  return (
    error?.code === 'ER_DUP_ENTRY' ||
    error?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    error?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}

/** A member added (duplicate key) or a principal deleted (foreign key) since the batch was planned. */
function isRace(error: any) {
  return (
    isDuplicateKey(error) ||
    error?.code === 'ER_NO_REFERENCED_ROW_2' ||
    error?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
  )
}

/** Members by Member ID, with the census values the import compares (none are read on a first import). */
const MEMBERS_BY_MEMBER_ID: KeyLookup = {
  table: 'members',
  index: 'members_member_id_unique',
  column: 'member_id',
  select: ['id', 'member_id', ...CENSUS_FIELDS],
}
const PRINCIPALS_BY_PERSON_ID: KeyLookup = {
  table: 'members',
  index: 'members_person_id_index',
  column: 'person_id',
  select: ['id', 'person_id'],
  where: (query) => query.where('insured_role', 'Principal'),
}

/** The principal key of a member: its Person ID's textKey when it is a Principal with one (what PRINCIPALS_BY_PERSON_ID matches). */
function principalKey(role: string, personId: string | null): PrincipalKey {
  return role === 'Principal' && personId ? textKey(personId) : null
}

/** The keys of the principals the batch's dependants name. */
function wantedPrincipals(records: CensusRecord[]) {
  return new Set(
    records
      .filter((record) => record.principal_person_id)
      .map((record) => textKey(record.principal_person_id!))
  )
}

/** The principal rows with the Person IDs the batch's dependants name, as `client` sees them. */
async function principalRows(
  client: QueryClientContract,
  records: CensusRecord[]
): Promise<{ id: number; key: string }[]> {
  const personIds = [
    ...new Set(
      records.map((record) => record.principal_person_id).filter((id): id is string => Boolean(id))
    ),
  ]
  if (personIds.length === 0) return []
  const rows = await rowsWithKeyIn(client, PRINCIPALS_BY_PERSON_ID, personIds)
  return rows.map((row) => ({ id: Number(row.id), key: textKey(row.person_id) }))
}

/** Principal ids by person ID key; the oldest row wins. */
function oldestByKey(rows: { id: number; key: string }[]) {
  const principals = new Map<string, number>()
  for (const { id, key } of rows) if (!(principals.get(key)! <= id)) principals.set(key, id)
  return principals
}

/** The principal rows (by person ID key) the batch's dependants link to; the oldest row wins. */
export async function principalIds(client: QueryClientContract, records: CensusRecord[]) {
  return oldestByKey(await principalRows(client, records))
}

/**
 * The members of the batch already in the table, by Member ID key (an
 * exact spelling wins), with their census values: one query per 500 keys,
 * by the unique index (a first import finds nothing and reads only the
 * index). Before 2026-11-24 the values were a second query of up to 1,000
 * ids, which MariaDB runs through a temporary table.
 */
export async function existingMembers(client: QueryClientContract, records: CensusRecord[]) {
  const found = await rowsWithKeyIn(
    client,
    MEMBERS_BY_MEMBER_ID,
    records.map((record) => record.member_id)
  )
  const byKey = new Map<string, Record<string, any>>()
  const spelled = new Set(records.map((record) => record.member_id))
  for (const row of found) {
    const key = textKey(row.member_id)
    if (!byKey.has(key) || spelled.has(row.member_id)) byKey.set(key, row)
  }
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
  /** Its effect on principals, for WrittenPrincipals. */
  keys: WrittenKeys
}

/** What a batch's planning reads from the database. */
export interface BatchLookups {
  existing: Map<string, Record<string, any>>
  principals: { id: number; key: string }[]
}

/** The reads of planBatch, on `client`. */
export async function lookUpBatch(
  client: QueryClientContract,
  records: CensusRecord[]
): Promise<BatchLookups> {
  const [existing, principals] = await Promise.all([
    existingMembers(client, records),
    principalRows(client, records),
  ])
  return { existing, principals }
}

/**
 * Decides what a batch writes from its lookups: members are matched by
 * Member ID key, so "m-1" updates the member "M-1"; dependants get their
 * principal's id (`principals`, by person ID key). No database work.
 */
function decideBatch(
  records: CensusRecord[],
  products: Map<string, string>,
  existing: BatchLookups['existing'],
  principals: Map<string, number>,
  client: QueryClientContract
): BatchPlan {
  const now = sqlNow()
  const plan: BatchPlan = {
    imported: 0,
    inserts: [],
    updates: [],
    unchanged: 0,
    errors: [],
    keys: { inserted: [], updated: [] },
  }
  const rows: unknown[][] = []
  for (const record of records) {
    const principalId = record.principal_person_id
      ? (principals.get(textKey(record.principal_person_id)) ?? null)
      : null
    if (record.principal_person_id && principalId === null) {
      // The principal was deleted between preview and confirmation.
      plan.errors.push(
        `Row ${record.row}: Dependant's principal (Person ID ${record.principal_person_id}) is neither in the file nor already imported`
      )
      continue
    }
    const product = record.product_name
      ? (products.get(textKey(record.product_name)) ?? record.product_name)
      : null
    const values = censusValues(record, product, principalId)
    const stored = existing.get(textKey(record.member_id))
    if (!stored) {
      rows.push(memberRow(record, values, now))
      plan.keys.inserted.push(principalKey(record.insured_role, record.person_id))
      continue
    }
    const changed = CENSUS_FIELDS.filter((field) => !same(field, stored[field], values[field]))
    if (changed.length === 0) {
      plan.unchanged++
      continue
    }
    plan.updates.push({
      id: stored.id,
      changes: {
        ...Object.fromEntries(changed.map((field) => [field, values[field]])),
        updated_at: now,
      },
    })
    plan.keys.updated.push([Number(stored.id), principalKey(record.insured_role, record.person_id)])
  }
  plan.inserts = censusInsertStatements(client, INSERT_COLUMNS, rows)
  plan.imported = rows.length
  return plan
}

/**
 * Decides what a batch writes (decideBatch) from what `client` sees. Only
 * reads, so it runs (on another connection) while the previous batch is
 * being written.
 */
export async function planBatch(
  records: CensusRecord[],
  products: Map<string, string>,
  client: QueryClientContract = db.connection()
): Promise<BatchPlan> {
  const found = await lookUpBatch(client, records)
  return decideBatch(records, products, found.existing, oldestByKey(found.principals), client)
}

/**
 * Plans a batch from lookups another connection made, with what the
 * transaction itself wrote (`written`) applied: the transaction's own view.
 */
export function planFromCommitted(
  records: CensusRecord[],
  products: Map<string, string>,
  found: BatchLookups,
  written: WrittenPrincipals,
  client: QueryClientContract
): BatchPlan {
  return decideBatch(
    records,
    products,
    found.existing,
    written.resolve(wantedPrincipals(records), found.principals),
    client
  )
}

/**
 * One batch, all of it or nothing: new members in one multi-row insert,
 * changed ones updated (members' writeCensusMembers, on `client`).
 */
async function writePlan(
  plan: BatchPlan,
  client: QueryClientContract
): Promise<number | undefined> {
  return firstInsertId(await writeCensusMembers(client, plan.inserts, plan.updates))
}

/** A written batch: its plan, and the id MariaDB gave the first row of its INSERT (unknown on SQLite). */
export interface WrittenBatch {
  plan: BatchPlan
  firstId: number | undefined
}

/** The first row's id of a one-statement MariaDB insert (mysql2's ResultSetHeader). */
function firstInsertId(results: unknown[]): number | undefined {
  if (results.length !== 1) return undefined
  const header = Array.isArray(results[0]) ? results[0][0] : results[0]
  return typeof header?.insertId === 'number' ? header.insertId : undefined
}

/**
 * Writes a planned batch. When members changed since it was planned (one of
 * its Member IDs was added, or a principal it links to was deleted), the
 * batch is planned again (it then sees the change) and written once more;
 * a second clash stops the import with a 409.
 */
export async function writeBatch(
  records: CensusRecord[],
  plan: BatchPlan,
  products: Map<string, string>,
  client: QueryClientContract = db.connection()
): Promise<WrittenBatch> {
  try {
    return { plan, firstId: await writePlan(plan, client) }
  } catch (error) {
    if (!isRace(error)) throw error
  }
  // Planned again where it is written: inside the import's transaction that sees its own rows too.
  const fresh = await planBatch(records, products, client)
  try {
    return { plan: fresh, firstId: await writePlan(fresh, client) }
  } catch (error) {
    if (isRace(error)) throw new ApiError(IMPORT_RACE, 409)
    throw error
  }
}
