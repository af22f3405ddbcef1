import db from '@adonisjs/lucid/services/db'
import { fromCents, readCache, toCents } from '#modules/shared/index'
import { settingsService } from '#modules/settings/index'
import { DateTime } from 'luxon'
import { count, sqlDateTime } from './sql_values.js'
import {
  MIGRATION_COLUMNS,
  migrationsWithSubscription,
  presentMigration,
} from './migration_rows.js'
import {
  LIVE_SUBSCRIPTION_STATUSES,
  MONTHLY_EQUIVALENT_USD,
  PAYMENT_NET_AMOUNT,
  PAYMENT_USD,
} from './revenue_sql.js'
import {
  abandonedCheckoutScope,
  earlyCancellationScope,
  NEVER_STARTED_BINDINGS,
  NEVER_STARTED_SQL,
} from './subscription_scopes.js'
import { unmigratedPrincipals } from './unmigrated_scope.js'

const RECENT_MIGRATIONS = 5
const COMPLETED = ['completed', 'completed_with_warnings']
const IN_PROGRESS = ['pending', 'processing']
/** How long every admin shares one computation of the figures, unless a write comes first (docs/backoffice.md). */
export const DASHBOARD_CACHE_MS = 5000

/** The figures of the dashboard, each from one aggregate query (no rows loaded into memory). */
export const dashboardService = {
  /** Shared by every admin for a few seconds and computed once for all who ask meanwhile; any write drops it (readCache). */
  stats() {
    return readCache.get('backoffice:dashboard-stats', DASHBOARD_CACHE_MS, computeStats)
  },
}

async function computeStats() {
  const [
    migrations,
    members,
    onDisabledProducts,
    unmigrated,
    disabledProducts,
    subscriptions,
    earlyCancellations,
    revenue,
    revenueByCurrency,
    recent,
  ] = await Promise.all([
    migrationCounts(),
    db
      .from('members')
      .select(
        db.raw('COUNT(*) as total'),
        db.raw(`SUM(CASE WHEN insured_role = 'Principal' THEN 1 ELSE 0 END) as principals`)
      )
      .first(),
    db
      .from('members as mb')
      .join('products as p', 'p.product_name', 'mb.product_name')
      .where('p.disabled', true)
      .count('* as total')
      .first(),
    unmigratedPrincipals().count('* as total').first(),
    db.from('products').where('disabled', true).count('* as total').first(),
    subscriptionFigures(),
    earlyCancellationScope(db.from('subscriptions as s')).count('* as total').first(),
    db
      .from('payments as p')
      .join('migrations as m', 'm.id', 'p.migration_id')
      .where('p.paid', true)
      .select(db.raw(`SUM(${PAYMENT_USD}) as total_usd`))
      .first(),
    // The same payments by their own currency, beside the USD figure.
    db
      .from('payments as p')
      .where('p.paid', true)
      .groupBy('p.currency')
      .select('p.currency', db.raw(`SUM(${PAYMENT_NET_AMOUNT}) as amount`))
      .orderBy('p.currency'),
    migrationsWithSubscription()
      .select(MIGRATION_COLUMNS)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(RECENT_MIGRATIONS),
  ])

  return {
    migrations,
    members: {
      total: count(members?.total),
      principals: count(members?.principals),
      unmigrated: count(unmigrated?.total),
      withDisabledProducts: count(onDisabledProducts?.total),
    },
    products: { disabled: count(disabledProducts?.total) },
    subscriptions: {
      active: subscriptions.active,
      canceled: subscriptions.canceled,
      earlyCancellations: count(earlyCancellations?.total),
      // Rounded once to cents here (money.ts); the SQL sums exact decimals on MariaDB.
      monthlyRevenue: fromCents(toCents(subscriptions.monthlyUsd)),
      totalRevenue: fromCents(toCents(Number(revenue?.total_usd ?? 0))),
      totalRevenueByCurrency: revenueByCurrency.map((row) => ({
        currency: String(row.currency),
        amount: fromCents(toCents(Number(row.amount ?? 0))),
      })),
    },
    recentMigrations: recent.map(presentMigration),
  }
}

/** Row counts of a table by its status column (an index-only GROUP BY), and a sum over some statuses. */
async function countsByStatus(table: string) {
  const rows = await db.from(table).groupBy('status').select('status').count('* as total')
  const totals = new Map(rows.map((row) => [row.status as string, count(row.total)]))
  return {
    all: [...totals.values()].reduce((sum, total) => sum + total, 0),
    of: (statuses: string[]) =>
      statuses.reduce((sum, status) => sum + (totals.get(status) ?? 0), 0),
  }
}

/** Migrations by status and completed today, from the (status, completed_at) index alone. */
async function migrationCounts() {
  const startOfToday = DateTime.now()
    .setZone(await settingsService.get('TIMEZONE', 'UTC'))
    .startOf('day')
  const [byStatus, completedToday, abandoned] = await Promise.all([
    countsByStatus('migrations'),
    db
      .from('migrations')
      .whereIn('status', COMPLETED)
      .where('completed_at', '>=', sqlDateTime(startOfToday))
      .count('* as total')
      .first(),
    abandonedCheckoutScope(db.from('migrations as m')).count('* as total').first(),
  ])
  return {
    total: byStatus.all,
    completed: byStatus.of(COMPLETED),
    pending: byStatus.of(IN_PROGRESS),
    // An abandoned checkout (no payment ever taken) is not a failed migration (docs/backoffice.md).
    failed: byStatus.of(['failed']) - count(abandoned?.total),
    completedToday: count(completedToday?.total),
  }
}

/** Subscriptions by status; only the live ones are joined to their migration for the monthly revenue in USD. */
async function subscriptionFigures() {
  const [byStatus, live, neverStarted] = await Promise.all([
    countsByStatus('subscriptions'),
    db
      .from('subscriptions as s')
      .join('migrations as m', 'm.id', 's.migration_id')
      .whereIn('s.status', LIVE_SUBSCRIPTION_STATUSES)
      .select(db.raw(`SUM(${MONTHLY_EQUIVALENT_USD}) as monthly_usd`))
      .first(),
    // A checkout that never started is not a cancelled subscription.
    db
      .from('subscriptions as s')
      .join('migrations as m', 'm.id', 's.migration_id')
      .where('s.status', 'canceled')
      .whereRaw(NEVER_STARTED_SQL, NEVER_STARTED_BINDINGS)
      .count('* as total')
      .first(),
  ])
  return {
    active: byStatus.of(LIVE_SUBSCRIPTION_STATUSES),
    canceled: byStatus.of(['canceled']) - count(neverStarted?.total),
    monthlyUsd: Number(live?.monthly_usd ?? 0),
  }
}
