import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { random } from './synthetic_members.js'
import { insertRows } from './multi_insert.js'
import {
  EARLIER_STATES,
  FINAL_STATES,
  migrationRows,
  weighted,
  type FamilyMember,
  type SyntheticMigrationRows,
} from './synthetic_migration_rows.js'

export interface SyntheticMigrationOptions {
  /** How many migrations in all. */
  count: number
  /** Member ID prefix of the synthetic members to migrate (generateSyntheticMembers's `prefix`). */
  memberPrefix?: string
  /** Share of the eligible principals who have at least one migration; the others stay unmigrated. */
  principalShare?: number
  /** Migrations are created over this many days before now. */
  days?: number
  batchSize?: number
  seed?: number
  onProgress?: (done: number) => void
}

export interface SyntheticMigrationResult {
  migrations: number
  principals: number
  subscriptions: number
  payments: number
}

const MEMBER_COLUMNS = [
  'id',
  'member_id',
  'insured_full_name',
  'insured_role',
  'email',
  'date_of_birth',
  'product_name',
  'plan_name',
  'premium_currency',
  'final_premium',
  'principal_id',
]
/** Principals of the synthetic set whose product is enabled (members on disabled products cannot sign in). */
async function eligiblePrincipals(prefix: string): Promise<FamilyMember[]> {
  const disabled = await db.from('products').where('disabled', true).select('product_name')
  const rows = await db
    .from('members')
    .where('member_id', 'like', `${prefix}-%`)
    .where('insured_role', 'Principal')
    .whereNotIn(
      'product_name',
      disabled.map((row) => row.product_name)
    )
    .orderBy('id')
    .select(MEMBER_COLUMNS)
  return rows.map((row) => ({ ...row, date_of_birth: dayOf(row.date_of_birth) }))
}

function dayOf(value: unknown): string {
  return value instanceof Date
    ? DateTime.fromJSDate(value).toISODate()!
    : String(value).slice(0, 10)
}

/** Each principal of the batch with its dependants, principal first. */
async function families(principals: FamilyMember[]): Promise<Map<number, FamilyMember[]>> {
  const byPrincipal = new Map(principals.map((principal) => [principal.id, [principal]]))
  const dependants = await db
    .from('members')
    .whereIn('principal_id', [...byPrincipal.keys()])
    .orderBy('id')
    .select(MEMBER_COLUMNS)
  for (const dependant of dependants)
    byPrincipal
      .get(dependant.principal_id)
      ?.push({ ...dependant, date_of_birth: dayOf(dependant.date_of_birth) })
  return byPrincipal
}

/** Writes one batch: migrations first, then the rows that need their ids. */
async function insertBatch(batch: SyntheticMigrationRows[]) {
  let subscriptions = 0
  let payments = 0
  await db.transaction(async (trx) => {
    await insertRows(
      trx,
      'migrations',
      batch.map((rows) => rows.migration)
    )
    const references = batch.map((rows) => rows.migration.migration_reference as string)
    const ids = new Map(
      (
        await trx
          .from('migrations')
          .whereIn('migration_reference', references)
          .select('id', 'migration_reference')
      ).map((row) => [row.migration_reference, row.id])
    )
    const idOf = (rows: SyntheticMigrationRows) => ids.get(rows.migration.migration_reference)
    await insertRows(
      trx,
      'migration_members',
      batch.flatMap((rows) =>
        rows.members.map((member) => ({ migration_id: idOf(rows), ...member }))
      )
    )
    await insertRows(
      trx,
      'installments',
      batch.flatMap((rows) =>
        rows.installments.map((installment) => ({ migration_id: idOf(rows), ...installment }))
      )
    )
    const withSubscription = batch.filter((rows) => rows.subscription)
    await insertRows(
      trx,
      'subscriptions',
      withSubscription.map((rows) => ({ migration_id: idOf(rows), ...rows.subscription }))
    )
    const subscriptionIds = new Map<number, number>()
    if (withSubscription.length > 0) {
      const found = await trx
        .from('subscriptions')
        .whereIn('migration_id', withSubscription.map(idOf))
        .select('id', 'migration_id')
      for (const row of found) subscriptionIds.set(row.migration_id, row.id)
    }
    const paymentRows = batch.flatMap((rows) =>
      rows.payments.map((payment) => ({
        migration_id: idOf(rows),
        subscription_id: subscriptionIds.get(idOf(rows)) ?? null,
        ...payment,
      }))
    )
    await insertRows(trx, 'payments', paymentRows)
    subscriptions = withSubscription.length
    payments = paymentRows.length
  })
  return { subscriptions, payments }
}

/**
 * Inserts `count` synthetic migrations of existing synthetic members (see
 * generateSyntheticMembers), each with its selected family members,
 * installment plan, subscription (recurring plans) and payments, in
 * plausible proportions (synthetic_migration_rows.ts). A share of the
 * principals migrate (the rest stay unmigrated); the migrations beyond one
 * per migrating principal are earlier failed or abandoned attempts of the
 * same principals. Deterministic for a seed; used by benchmarks.
 */
export async function generateSyntheticMigrations(
  options: SyntheticMigrationOptions
): Promise<SyntheticMigrationResult> {
  const { count, memberPrefix = 'SYN', principalShare = 0.8, days = 120, batchSize = 500 } = options
  const next = random(options.seed ?? 7)
  const principals = await eligiblePrincipals(memberPrefix)
  const migrating = Math.min(count, Math.round(principals.length * principalShare))
  if (count > 0 && migrating === 0)
    throw new Error(`No eligible principals with the member prefix ${memberPrefix}`)
  const now = DateTime.utc().startOf('second')
  const latest: DateTime[] = []
  const result = { migrations: 0, principals: migrating, subscriptions: 0, payments: 0 }

  for (let start = 0; start < count; start += batchSize) {
    const indexes = Array.from(
      { length: Math.min(batchSize, count - start) },
      (_, offset) => start + offset
    )
    const owners = indexes.map(
      (index) => principals[index < migrating ? index : (index - migrating) % migrating]
    )
    const familyOf = await families([...new Map(owners.map((owner) => [owner.id, owner])).values()])
    const batch = indexes.map((index, position) => {
      const owner = owners[position]
      const final = index < migrating
      // The first pass gives each migrating principal their latest attempt; later passes add earlier ones.
      const createdAt = final
        ? now.minus({ seconds: Math.floor(next() * days * 86_400) })
        : latest[index % migrating].minus({ seconds: 3600 + Math.floor(next() * 10 * 86_400) })
      if (final) latest[index] = createdAt
      const state = weighted(next, final ? FINAL_STATES : EARLIER_STATES)
      const reference = `MIG-${memberPrefix}-${String(index + 1).padStart(7, '0')}`
      return migrationRows(next, reference, familyOf.get(owner.id)!, state, createdAt, now)
    })
    const written = await insertBatch(batch)
    result.migrations += batch.length
    result.subscriptions += written.subscriptions
    result.payments += written.payments
    options.onProgress?.(result.migrations)
  }
  return result
}
