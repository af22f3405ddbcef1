import db from '@adonisjs/lucid/services/db'
import { fromCents, toCents } from '#modules/shared/index'
import { settingsService } from '#modules/settings/index'
import { DateTime } from 'luxon'
import { count, sqlDateTime } from './sql_values.js'
import { MIGRATION_COLUMNS, migrationsWithSubscription, presentMigration } from './migration_rows.js'
import { LIVE_SUBSCRIPTION_STATUSES, MONTHLY_EQUIVALENT_USD, PAYMENT_USD } from './revenue_sql.js'
import { earlyCancellationScope } from './subscription_scopes.js'
import { unmigratedPrincipals } from './unmigrated_scope.js'

const RECENT_MIGRATIONS = 5
const COMPLETED = ['completed', 'completed_with_warnings']
const IN_PROGRESS = ['pending', 'processing']

/** The figures of the dashboard, each from one aggregate query (no rows loaded into memory). */
export const dashboardService = {
  async stats() {
    const [migrations, members, onDisabledProducts, unmigrated, disabledProducts, subscriptions, earlyCancellations, revenue, recent] = await Promise.all([
      migrationCounts(),
      db
        .from('members')
        .select(
          db.raw('COUNT(*) as total'),
          db.raw(`SUM(CASE WHEN insured_role = 'Principal' THEN 1 ELSE 0 END) as principals`)
        )
        .first(),
      db.from('members as mb').join('products as p', 'p.product_name', 'mb.product_name').where('p.disabled', true).count('* as total').first(),
      unmigratedPrincipals().count('* as total').first(),
      db.from('products').where('disabled', true).count('* as total').first(),
      db
        .from('subscriptions as s')
        .join('migrations as m', 'm.id', 's.migration_id')
        .select(
          db.raw(`SUM(CASE WHEN s.status IN (?, ?) THEN 1 ELSE 0 END) as active`, LIVE_SUBSCRIPTION_STATUSES),
          db.raw(`SUM(CASE WHEN s.status = 'canceled' THEN 1 ELSE 0 END) as canceled`),
          db.raw(`SUM(CASE WHEN s.status IN (?, ?) THEN ${MONTHLY_EQUIVALENT_USD} ELSE 0 END) as monthly_usd`, LIVE_SUBSCRIPTION_STATUSES)
        )
        .first(),
      earlyCancellationScope(db.from('subscriptions as s')).count('* as total').first(),
      db.from('payments as p').join('migrations as m', 'm.id', 'p.migration_id').where('p.paid', true).select(db.raw(`SUM(${PAYMENT_USD}) as total_usd`)).first(),
      migrationsWithSubscription().select(MIGRATION_COLUMNS).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(RECENT_MIGRATIONS),
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
        active: count(subscriptions?.active),
        canceled: count(subscriptions?.canceled),
        earlyCancellations: count(earlyCancellations?.total),
        // Rounded once to cents here (money.ts); the SQL sums exact decimals on MariaDB.
        monthlyRevenue: fromCents(toCents(Number(subscriptions?.monthly_usd ?? 0))),
        totalRevenue: fromCents(toCents(Number(revenue?.total_usd ?? 0))),
      },
      recentMigrations: recent.map(presentMigration),
    }
  },
}

/** Counts by status from the (status, completed_at) index: a GROUP BY and a range, no per-row CASE over the table. */
async function migrationCounts() {
  const startOfToday = DateTime.now().setZone(await settingsService.get('TIMEZONE', 'UTC')).startOf('day')
  const [byStatus, completedToday] = await Promise.all([
    db.from('migrations').groupBy('status').select('status').count('* as total'),
    db.from('migrations').whereIn('status', COMPLETED).where('completed_at', '>=', sqlDateTime(startOfToday)).count('* as total').first(),
  ])
  const totals = new Map(byStatus.map((row) => [row.status as string, count(row.total)]))
  const sum = (statuses: string[]) => statuses.reduce((total, status) => total + (totals.get(status) ?? 0), 0)
  return {
    total: sum([...totals.keys()]),
    completed: sum(COMPLETED),
    pending: sum(IN_PROGRESS),
    failed: sum(['failed']),
    completedToday: count(completedToday?.total),
  }
}
