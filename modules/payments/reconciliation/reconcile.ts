import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { stripeClient } from '../services/stripe_client.js'
import { activeProviderName } from '../providers/active_provider.js'
import { sandboxLedger, stripeLedger, type StagedRow } from './provider_ledger.js'

export const MISMATCH_KINDS = [
  'missing_here',
  'missing_at_provider',
  'amount_differs',
  'currency_differs',
  'status_differs',
] as const

/** Payments and jobs store local 'yyyy-MM-dd HH:mm:ss' (Lucid's format) on both dialects. */
const sqlTime = (date: DateTime) => date.toLocal().toFormat('yyyy-MM-dd HH:mm:ss')

/** Our side of a comparison: the payment rows of migrations paid through this provider. */
const OURS = `exists (select 1 from migrations m where m.id = p.migration_id and m.payment_provider = ?)`
/**
 * A charge's payment row is its invoice's when an invoice payment of the run links the charge's
 * PaymentIntent to an invoice (installments), else its PaymentIntent's.
 */
const INVOICE_OF = `left join reconciliation_provider_rows ip on ip.run_id = s.run_id and ip.object_type = 'invoice_payment' and ip.provider_id = s.payment_key`
const CHARGE_KEY = 'coalesce(ip.payment_key, s.payment_key)'
/** Our amount in cents (decimal column × 100, exact for two decimals). */
const OUR_CENTS = 'round(p.amount * 100)'
/** Our state in the provider's words: paid → succeeded, refunded stays, anything else failed. */
const OUR_STATE = `case when p.status = 'refunded' then 'refunded' when p.paid = ? then 'succeeded' else 'failed' end`

/**
 * Where we record a provider refund or dispute (payments module's tables): matched by the
 * provider's id; its creation time says whether it belongs to the range.
 */
const RECORDED = {
  refund: { table: 'payment_refunds', providerId: 'provider_refund_id', at: 'created_at' },
  dispute: { table: 'payment_disputes', providerId: 'provider_dispute_id', at: 'opened_at' },
} as const

export interface ReconcileOptions {
  from: DateTime
  to: DateTime
  trigger: 'scheduled' | 'manual'
  startedBy?: string | null
}

/**
 * Compares every provider charge, refund and dispute created in the range
 * with our payment rows (docs/payments.md). Streams: the provider's pages are
 * staged (reconciliation_provider_rows) one at a time and compared by SQL
 * joins on payments' unique provider_payment_id, so neither side is held in
 * memory. Mismatches become reconciliation_items of the run.
 */
export async function reconcile(options: ReconcileOptions): Promise<number> {
  const source = activeProviderName()
  const [runId] = await db.table('reconciliation_runs').insert({
    source,
    trigger: options.trigger,
    status: 'running',
    range_from: sqlTime(options.from),
    range_to: sqlTime(options.to),
    started_by: options.startedBy ?? null,
    started_at: sqlTime(DateTime.local()),
  })
  const run = Number(runId)
  try {
    const ledger =
      source === 'stripe'
        ? stripeLedger(stripeClient()!, options.from, options.to)
        : sandboxLedger(options.from, options.to, sqlTime)
    const staged = await stage(run, ledger)
    await compare(run, source, options)
    const mismatches = Number(
      (await db.from('reconciliation_items').where('run_id', run).count('* as total').first())
        ?.total ?? 0
    )
    await db
      .from('reconciliation_runs')
      .where('id', run)
      .update({
        status: 'finished',
        provider_rows: staged,
        mismatches,
        finished_at: sqlTime(DateTime.local()),
      })
    logger.info({ run, staged, mismatches }, 'reconciliation finished')
  } catch (error) {
    logger.error({ err: error, run }, 'reconciliation failed')
    await db
      .from('reconciliation_runs')
      .where('id', run)
      .update({
        status: 'failed',
        error: String(error instanceof Error ? error.message : error).slice(0, 500),
        finished_at: sqlTime(DateTime.local()),
      })
    throw error
  } finally {
    await db.from('reconciliation_provider_rows').where('run_id', run).delete()
  }
  return run
}

/**
 * Rows per staging INSERT: five provider pages, so 100,000 charges are 200 statements (and
 * commits), not 1,000. 500 is SQLite's limit of terms in the compound SELECT a multi-row insert becomes.
 */
const STAGE_BATCH = 500

/**
 * Stages the provider's pages in batches of STAGE_BATCH rows, each INSERT running while the next
 * pages are fetched (at most one batch being written and one being filled: memory stays flat).
 * The time went to one autocommitted INSERT per page, waited for before asking the next page.
 */
async function stage(run: number, ledger: AsyncGenerator<StagedRow[]>) {
  let staged = 0
  let batch: Array<StagedRow & { run_id: number }> = []
  let writing: Promise<unknown> = Promise.resolve()
  const flush = async () => {
    const rows = batch
    batch = []
    await writing // one INSERT at a time, in order
    // A query builder runs again at each then(): wrapped once into a promise, it runs once.
    writing = Promise.resolve(db.table('reconciliation_provider_rows').multiInsert(rows))
    // A failed INSERT surfaces at the next flush or the final await, not as an unhandled rejection.
    writing.catch(() => {})
  }
  for await (const page of ledger) {
    for (const row of page) {
      batch.push({ ...row, run_id: run })
      if (row.object_type !== 'invoice_payment') staged++
    }
    if (batch.length >= STAGE_BATCH) await flush()
  }
  if (batch.length > 0) await flush()
  await writing
  return staged
}

/** Each kind of mismatch is one INSERT … SELECT over the staged rows and payments. */
async function compare(run: number, source: string, options: ReconcileOptions) {
  const now = sqlTime(DateTime.local())
  const columns =
    'run_id, kind, object_type, provider_id, payment_key, payment_id, provider_amount, our_amount, provider_currency, our_currency, provider_status, our_status, created_at'
  const insert = (sql: string, bindings: unknown[]) =>
    db.rawQuery(`insert into reconciliation_items (${columns}) ${sql}`, bindings)
  const staged = `reconciliation_provider_rows s ${INVOICE_OF} left join payments p on p.provider_payment_id = ${CHARGE_KEY} and ${OURS}`

  // A provider charge that took money (or gave it back) with no payment row here.
  await insert(
    `select ?, 'missing_here', s.object_type, s.provider_id, ${CHARGE_KEY}, null, s.amount, null, s.currency, null, s.status, null, ? from ${staged}
     where s.run_id = ? and s.object_type = 'charge' and s.status in ('succeeded', 'refunded') and p.id is null`,
    [run, now, source, run]
  )
  for (const objectType of ['refund', 'dispute'] as const)
    await compareRecorded(objectType, insert, [run, now, source], options)
  const matched = `from reconciliation_provider_rows s ${INVOICE_OF} join payments p on p.provider_payment_id = ${CHARGE_KEY} and ${OURS} where s.run_id = ? and s.object_type = 'charge'`
  await insert(
    `select ?, 'amount_differs', s.object_type, s.provider_id, ${CHARGE_KEY}, p.id, s.amount, ${OUR_CENTS}, s.currency, p.currency, s.status, p.status, ? ${matched} and s.status = 'succeeded' and ${OUR_CENTS} <> s.amount`,
    [run, now, source, run]
  )
  await insert(
    `select ?, 'currency_differs', s.object_type, s.provider_id, ${CHARGE_KEY}, p.id, s.amount, ${OUR_CENTS}, s.currency, p.currency, s.status, p.status, ? ${matched} and upper(p.currency) <> s.currency`,
    [run, now, source, run]
  )
  await insert(
    `select ?, 'status_differs', s.object_type, s.provider_id, ${CHARGE_KEY}, p.id, s.amount, ${OUR_CENTS}, s.currency, p.currency, s.status, p.status, ? ${matched} and s.status in ('succeeded', 'refunded', 'failed') and ${OUR_STATE} <> s.status`,
    [run, now, source, run, 1]
  )
  // A payment recorded here as taken (or refunded) in the range that the provider does not list.
  await insert(
    `select ?, 'missing_at_provider', 'charge', null, p.provider_payment_id, p.id, null, ${OUR_CENTS}, null, p.currency, null, p.status, ? from payments p
     where ${OURS} and (p.paid = ? or p.status = 'refunded') and p.created between ? and ?
     and not exists (select 1 from reconciliation_provider_rows s where s.run_id = ? and s.object_type = 'charge' and s.payment_key = p.provider_payment_id)
     and not exists (select 1 from reconciliation_provider_rows ip join reconciliation_provider_rows s on s.run_id = ip.run_id and s.object_type = 'charge' and s.payment_key = ip.provider_id
       where ip.run_id = ? and ip.object_type = 'invoice_payment' and ip.payment_key = p.provider_payment_id)`,
    [run, now, source, 1, sqlTime(options.from), sqlTime(options.to), run, run]
  )
}

/**
 * Provider refunds and disputes against our payment_refunds / payment_disputes rows: one the
 * provider lists that we did not record (a failed or canceled refund moved no money: not
 * counted), amount, currency or status differing, and one we recorded (with the provider's id,
 * in the range) that the provider does not list.
 */
async function compareRecorded(
  objectType: keyof typeof RECORDED,
  insert: (sql: string, bindings: unknown[]) => Promise<unknown>,
  [run, now, source]: [number, string, string],
  options: ReconcileOptions
) {
  const { table, providerId, at } = RECORDED[objectType]
  const ours = `${table} r on r.${providerId} = s.provider_id and r.provider = ?`
  const staged = `from reconciliation_provider_rows s`
  const bindings = [run, now, source, run, objectType]
  await insert(
    `select ?, 'missing_here', s.object_type, s.provider_id, s.payment_key, p.id, s.amount, null, s.currency, null, s.status, null, ? ${staged}
     left join ${ours} left join payments p on p.provider_payment_id = s.payment_key and ${OURS}
     where s.run_id = ? and s.object_type = ? and r.id is null and s.status not in ('failed', 'canceled')`,
    [run, now, source, source, run, objectType]
  )
  const matched = `select ?, '%KIND%', s.object_type, s.provider_id, s.payment_key, r.payment_id, s.amount, r.amount_cents, s.currency, upper(r.currency), s.status, r.status, ? ${staged} join ${ours} where s.run_id = ? and s.object_type = ?`
  await insert(
    `${matched.replace('%KIND%', 'amount_differs')} and r.amount_cents <> s.amount`,
    bindings
  )
  await insert(
    `${matched.replace('%KIND%', 'currency_differs')} and upper(r.currency) <> s.currency`,
    bindings
  )
  await insert(`${matched.replace('%KIND%', 'status_differs')} and r.status <> s.status`, bindings)
  await insert(
    `select ?, 'missing_at_provider', ?, r.${providerId}, r.provider_payment_id, r.payment_id, null, r.amount_cents, null, upper(r.currency), null, r.status, ? from ${table} r
     where r.provider = ? and r.${providerId} is not null and r.${at} between ? and ?
     and not exists (select 1 from reconciliation_provider_rows s where s.run_id = ? and s.object_type = ? and s.provider_id = r.${providerId})`,
    [run, objectType, now, source, sqlTime(options.from), sqlTime(options.to), run, objectType]
  )
}
