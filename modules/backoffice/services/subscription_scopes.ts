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
