import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { today } from '#modules/shared/index'
import { PROBLEMATIC_STATUSES } from './revenue_sql.js'

/**
 * Early cancellation (admin-backoffice.md §4): canceled, with a cancelled-at
 * date, and an end date still in the future. `s` is the subscriptions alias.
 */
export function earlyCancellationScope<T extends DatabaseQueryBuilderContract<any>>(query: T): T {
  return query
    .where('s.status', 'canceled')
    .whereNotNull('s.cancelled_at')
    .where('s.ends_on', '>', today().toISODate()!) as T
}

export function problematicScope<T extends DatabaseQueryBuilderContract<any>>(query: T): T {
  return query.whereIn('s.status', PROBLEMATIC_STATUSES) as T
}

/** Statuses that only a plan whose first payment went through can have. */
const RUNNING_STATUSES = ['active', 'trialing', 'past_due', 'unpaid']

/**
 * SQL condition, true for a subscription `s` of migration `m` that never started (docs/backoffice.md,
 * "Never-started subscriptions"): it ended without a member's cancellation date, its migration's
 * payment never succeeded and no payment of the migration is kept as paid. That is an abandoned,
 * withdrawn or refused checkout, not a cancelled subscription with a contract value.
 */
export const NEVER_STARTED_SQL = `(s.status IN ('canceled', 'incomplete_expired') AND s.cancelled_at IS NULL AND m.payment_status <> 'succeeded'
  AND NOT EXISTS (SELECT 1 FROM payments np WHERE np.migration_id = m.id AND np.paid = ?))`

/** Bindings of NEVER_STARTED_SQL. */
export const NEVER_STARTED_BINDINGS = [true]

/**
 * Migrations `m` that are abandoned checkouts: failed before any payment was taken (declined,
 * expired or withdrawn), no payment kept as paid and no subscription that got going. The
 * Dashboard does not count them as failed migrations.
 */
export function abandonedCheckoutScope<T extends DatabaseQueryBuilderContract<any>>(query: T): T {
  return query
    .where('m.status', 'failed')
    .whereIn('m.payment_status', ['pending', 'failed', 'cancelled'])
    .whereNotExists((paid) =>
      paid.from('payments as ap').whereRaw('ap.migration_id = m.id').where('ap.paid', true)
    )
    .whereNotExists((running) =>
      running
        .from('subscriptions as rs')
        .whereRaw('rs.migration_id = m.id')
        .where((started) =>
          started.whereIn('rs.status', RUNNING_STATUSES).orWhereNotNull('rs.cancelled_at')
        )
    ) as T
}
