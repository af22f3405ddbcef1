import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { recordAudit, type Actor } from '#modules/audit/index'
import { ApiError, fromCents, readCache, today, toCents, matchAny } from '#modules/shared/index'
import { count, isoDateTime, isoDay, requiredIsoDateTime } from './sql_values.js'
import { installmentSchedules } from './migration_rows.js'
import { dunningStagesOf } from '#modules/dunning/index'
import { markCancellationReviewed } from '#modules/payments/index'
import { LIVE_SUBSCRIPTION_STATUSES } from './revenue_sql.js'
import {
  earlyCancellationScope,
  NEVER_STARTED_BINDINGS,
  NEVER_STARTED_SQL,
  problematicScope,
} from './subscription_scopes.js'

/** Most rows one list answer carries, newest first (docs/backoffice.md). */
const SUBSCRIPTION_LIST_LIMIT = 500
/** Admins watching the same tab share one answer this long, unless a write comes first (readCache). */
const LIST_CACHE_MS = 3000

const COLUMNS = [
  's.id',
  's.migration_id',
  's.provider_subscription_id',
  's.status',
  's.current_period_end',
  's.cancelled_at',
  's.ends_on',
  's.early_cancellation_reviewed',
  's.created_at',
  'm.migration_reference',
  'm.insured_full_name',
  'm.member_id_str',
  'm.email',
  'm.product_name',
  'm.currency',
  'm.total_amount',
  'm.total_amount_usd',
  'm.subscription_amount',
  'm.number_of_payments',
  'm.payment_frequency',
  'cc.requested_by_kind as cancelled_by',
  db.raw(
    `CASE WHEN ${NEVER_STARTED_SQL} THEN 1 ELSE 0 END as never_started`,
    NEVER_STARTED_BINDINGS
  ),
]

export function subscriptionsWithMigration() {
  // At most one coverage cancellation per migration (unique migration_id): who ended the coverage.
  return db
    .from('subscriptions as s')
    .join('migrations as m', 'm.id', 's.migration_id')
    .leftJoin('coverage_cancellations as cc', 'cc.migration_id', 'm.id')
}

/** Days of cover left after an early cancellation: ceiling of the day difference, never negative. */
function remainingDays(endsOn: string | null, on: DateTime = today()): number {
  if (!endsOn) return 0
  const end = DateTime.fromISO(endsOn, { zone: 'utc' })
  return Math.max(0, Math.ceil(end.diff(on, 'days').days))
}

export type SubscriptionRow = Awaited<ReturnType<typeof present>>[number]

export const SUBSCRIPTION_COLUMNS = COLUMNS

/** The All tab's rows: a status, and a search over name, member ID, reference, email and provider id. */
export function allSubscriptions(filters: { search?: string; status?: string }) {
  const query = subscriptionsWithMigration()
  if (filters.status) query.where('s.status', filters.status)
  const search = filters.search?.trim()
  if (search) {
    query.where((inner) =>
      matchAny(
        inner,
        [
          'm.insured_full_name',
          'm.member_id_str',
          'm.migration_reference',
          'm.email',
          's.provider_subscription_id',
        ],
        search
      )
    )
  }
  return query
}

export async function present(rows: Record<string, any>[]) {
  const schedules = await installmentSchedules(rows.map((row) => row.migration_id))
  const dunning = await dunningStagesOf(rows.map((row) => Number(row.migration_id)))
  return rows.map((row) => {
    const endsOn = isoDay(row.ends_on)
    // A checkout that never started has no period and no remaining cover (docs/backoffice.md).
    const neverStarted = Boolean(Number(row.never_started))
    return {
      id: row.id,
      migration_id: row.migration_id,
      provider_subscription_id: row.provider_subscription_id,
      status: row.status,
      never_started: neverStarted,
      current_period_end: neverStarted ? null : isoDateTime(row.current_period_end),
      cancelled_at: isoDateTime(row.cancelled_at),
      ends_on: endsOn,
      remaining_days: row.status === 'canceled' && !neverStarted ? remainingDays(endsOn) : null,
      early_cancellation_reviewed: Boolean(Number(row.early_cancellation_reviewed)),
      cancelled_by: (row.cancelled_by as string | null) ?? null,
      created_at: requiredIsoDateTime(row.created_at),
      migration_reference: row.migration_reference,
      insured_full_name: row.insured_full_name,
      member_id_str: row.member_id_str,
      email: row.email ?? null,
      product_name: row.product_name ?? null,
      currency: row.currency,
      total_amount: fromCents(toCents(row.total_amount)),
      total_amount_usd: fromCents(toCents(row.total_amount_usd)),
      subscription_amount: fromCents(toCents(row.subscription_amount)),
      number_of_payments: count(row.number_of_payments),
      payment_frequency: row.payment_frequency,
      installment_schedule: schedules.get(row.migration_id) ?? [],
      /** Where the chasing of a failed installment stands (null: none failed). */
      dunning_stage: dunning.get(Number(row.migration_id)) ?? null,
    }
  })
}

/** Active, unpaid and early-cancelled subscriptions: counts and USD values. */
async function subscriptionFigures() {
  const [totals, early] = await Promise.all([
    subscriptionsWithMigration()
      .select(
        db.raw('COUNT(*) as total'),
        db.raw(
          'SUM(CASE WHEN s.status IN (?, ?) THEN 1 ELSE 0 END) as active_count',
          LIVE_SUBSCRIPTION_STATUSES
        ),
        db.raw(
          'SUM(CASE WHEN s.status IN (?, ?) THEN m.total_amount_usd ELSE 0 END) as active_value',
          LIVE_SUBSCRIPTION_STATUSES
        ),
        db.raw(
          `SUM(CASE WHEN s.status IN ('past_due', 'unpaid') THEN 1 ELSE 0 END) as unpaid_count`
        )
      )
      .first(),
    earlyCancellationScope(subscriptionsWithMigration())
      .select(db.raw('COUNT(*) as total'), db.raw('SUM(m.total_amount_usd) as value'))
      .first(),
  ])
  return {
    active_count: count(totals?.active_count),
    active_total_value: fromCents(toCents(Number(totals?.active_value ?? 0))),
    early_cancellation_count: count(early?.total),
    early_cancellation_value: fromCents(toCents(Number(early?.value ?? 0))),
    unpaid_count: count(totals?.unpaid_count),
    total_subscriptions: count(totals?.total),
  }
}

/** Read side of subscriptions for the Subscriptions screen, and the one-way "reviewed" mark. */
export const subscriptionAdminService = {
  /**
   * The All tab. Each tab's answer is shared by the admins asking for the same filters (one
   * object per answer, so sendSharedJson serialises and compresses it once).
   */
  list(filters: {
    search?: string
    status?: string
  }): Promise<{ subscriptions: SubscriptionRow[] }> {
    const key = JSON.stringify([
      'backoffice:subscriptions',
      filters.search?.trim() ?? '',
      filters.status ?? '',
    ])
    return readCache.get(key, LIST_CACHE_MS, async () => {
      const rows = await allSubscriptions(filters)
        .select(COLUMNS)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(SUBSCRIPTION_LIST_LIMIT)
      return { subscriptions: await present(rows) }
    })
  },

  earlyCancellations(): Promise<{ earlyCancellations: SubscriptionRow[] }> {
    return readCache.get('backoffice:subscriptions:early', LIST_CACHE_MS, async () => {
      const rows = await earlyCancellationScope(subscriptionsWithMigration())
        .select(COLUMNS)
        .orderBy('s.cancelled_at', 'desc')
        .limit(SUBSCRIPTION_LIST_LIMIT)
      return { earlyCancellations: await present(rows) }
    })
  },

  problematic(): Promise<{ problematicSubscriptions: SubscriptionRow[] }> {
    return readCache.get('backoffice:subscriptions:problematic', LIST_CACHE_MS, async () => {
      const rows = await problematicScope(subscriptionsWithMigration())
        .select(COLUMNS)
        .orderBy('s.updated_at', 'desc')
        .limit(SUBSCRIPTION_LIST_LIMIT)
      return { problematicSubscriptions: await present(rows) }
    })
  },

  /** The tab's figures, shared like its lists (two scans of every subscription serve every admin). */
  stats() {
    return readCache.get('backoffice:subscriptions:stats', LIST_CACHE_MS, subscriptionFigures)
  },

  /** The payment (invoice) history of a subscription's migration, newest first. */
  async payments(subscriptionId: number) {
    const subscription = await subscriptionsWithMigration()
      .where('s.id', subscriptionId)
      .select(
        's.migration_id',
        db.raw(
          `CASE WHEN ${NEVER_STARTED_SQL} THEN 1 ELSE 0 END as never_started`,
          NEVER_STARTED_BINDINGS
        )
      )
      .first()
    if (!subscription) throw new ApiError('Subscription not found', 404)
    // The invoices of a checkout that never started covered no period (the provider dates them creation–creation).
    const periods = !Number(subscription.never_started)
    const rows = await db
      .from('payments')
      .where('migration_id', subscription.migration_id)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .select(
        'id',
        'amount',
        'currency',
        'status',
        'paid',
        'created',
        'period_start',
        'period_end',
        'hosted_invoice_url'
      )
    return rows.map((row) => ({
      id: row.id,
      amount: fromCents(toCents(row.amount)),
      currency: row.currency,
      status: row.status,
      paid: Boolean(Number(row.paid)),
      created: requiredIsoDateTime(row.created),
      period_start: periods ? isoDateTime(row.period_start) : null,
      period_end: periods ? isoDateTime(row.period_end) : null,
      hosted_invoice_url: row.hosted_invoice_url ?? null,
    }))
  },

  /** One-way: an early cancellation, once reviewed, stays reviewed. */
  async markReviewed(subscriptionId: number, actor: Actor) {
    const subscription = await db
      .from('subscriptions')
      .where('id', subscriptionId)
      .select('id', 'status', 'cancelled_at', 'early_cancellation_reviewed')
      .first()
    if (!subscription) throw new ApiError('Subscription not found', 404)
    if (subscription.status !== 'canceled' || !subscription.cancelled_at) {
      throw new ApiError('Only cancelled subscriptions can be marked as reviewed', 409)
    }
    await db.transaction(async (trx) => {
      await markCancellationReviewed(trx, subscriptionId)
      await recordAudit(trx, {
        actor,
        action: 'subscription.mark_reviewed',
        entityType: 'subscription',
        entityId: subscriptionId,
        before: { early_cancellation_reviewed: Boolean(subscription.early_cancellation_reviewed) },
        after: { early_cancellation_reviewed: true },
      })
    })
  },
}
