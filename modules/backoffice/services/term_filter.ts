import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { renewalInvitationDays } from '#modules/migrations/index'
import { settingsService } from '#modules/settings/index'
import { isoDate, today } from '#modules/shared/index'
import type { MIGRATION_TERMS } from '../validators.js'

/** A renewal checkout that was never paid does not renew (modules/migrations/services/renewal.ts). */
const UNPAID_STATUSES = ['pending', 'failed']

export interface TermWindow {
  apply(query: DatabaseQueryBuilderContract): void
}

/**
 * The migrations list's Term filter (docs/backoffice.md), on migrations m:
 * - renewal_due: a paid, finished migration whose end date is after today and at most
 *   RENEWAL_INVITATION_DAYS away (the member has been invited), without a paid renewal;
 * - lapsed: the term ended on its end date without a renewal (status expired).
 * "Today" is the day of the TIMEZONE setting, as for the renewal scheduler.
 */
export async function termFilterOf(term: (typeof MIGRATION_TERMS)[number]): Promise<TermWindow> {
  if (term === 'lapsed') return { apply: (query) => void query.where('m.status', 'expired') }
  const [zone, days] = await Promise.all([
    settingsService.get('TIMEZONE', 'UTC'),
    renewalInvitationDays(),
  ])
  const day = today(zone).startOf('day')
  const from = isoDate(day)!
  const until = isoDate(day.plus({ days }))!
  return {
    apply(query) {
      query
        .whereIn('m.status', ['completed', 'completed_with_warnings'])
        .where('m.payment_status', 'succeeded')
        .where('m.end_date', '>', from)
        .where('m.end_date', '<=', until)
        .whereNotExists((inner) =>
          inner
            .from('migrations as renewal')
            .whereColumn('renewal.renewed_from_migration_id', 'm.id')
            .whereNotIn('renewal.status', UNPAID_STATUSES)
        )
    },
  }
}
