import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { familyService, type Member } from '#modules/members/index'
import { PricingError, type Quote, type DurationType } from '#modules/pricing/index'
import { settingsService } from '#modules/settings/index'
import { ApiError, isoDate } from '#modules/shared/index'
import Migration from '../models/migration.js'
import MigrationMember from '../models/migration_member.js'
import { pricingToday, type QuoteRequest } from './pricing_inputs.js'
import { quoteFor } from './quote_service.js'

/** A migration's term may be renewed (and may expire) once it is paid and finished. */
const RENEWABLE_STATUSES = ['completed', 'completed_with_warnings']
/** A renewal checkout that holds the link but was never paid: a newer renewal checkout takes it over. */
const UNPAID_STATUSES = ['pending', 'failed']

const RENEWAL_MESSAGES = {
  notRenewable: 'This coverage cannot be renewed.',
  renewed: 'This coverage has already been renewed.',
  notYet: 'This coverage cannot be renewed yet.',
  ended: 'This coverage has ended and can no longer be renewed. Please choose a new coverage.',
}

/** Days before the end date on which the invitation goes out and Renew is offered (setting RENEWAL_INVITATION_DAYS, default 30). */
export async function renewalInvitationDays(): Promise<number> {
  const days = Number.parseInt(await settingsService.get('RENEWAL_INVITATION_DAYS', '30'), 10)
  return Number.isInteger(days) && days >= 1 ? days : 30
}

/** The paid (or being paid for) migration that renews this one, if any: a migration is renewed once. */
export async function paidRenewalOf(migrationId: number, client?: QueryClientContract) {
  return Migration.query(client ? { client } : {})
    .where('renewed_from_migration_id', migrationId)
    .whereNotIn('status', UNPAID_STATUSES)
    .first()
}

/** The day Renew is offered (and the invitation sent): invitation days before the end date. */
function renewalOpensOn(migration: Migration, days: number): string {
  return isoDate(migration.end_date.minus({ days }))!
}

/** Where a migration's term stands on `today` (YYYY-MM-DD) for its renewal. */
function renewalWindow(migration: Migration, today: string, days: number) {
  const endDate = isoDate(migration.end_date)!
  if (today >= endDate) return 'ended' as const
  return today >= renewalOpensOn(migration, days) ? ('open' as const) : ('not_yet' as const)
}

const isRenewable = (migration: Migration) =>
  RENEWABLE_STATUSES.includes(migration.status) && migration.payment_status === 'succeeded'

/**
 * The selection a renewal starts from: the members the term covered who are still in the family,
 * its duration (a fixed end date that has passed becomes 12 months), frequency and currency.
 */
async function renewalSelection(principal: Member, migration: Migration): Promise<QuoteRequest> {
  const covered = await MigrationMember.query().where('migration_id', migration.id)
  const { relatives } = await familyService.familyOf(principal)
  const family = new Set([principal.id, ...relatives.map((member) => member.id)])
  return {
    memberIds: covered.map((row) => row.member_id).filter((id) => family.has(id)),
    durationType: migration.duration_type as DurationType,
    paymentFrequency: migration.payment_frequency as QuoteRequest['paymentFrequency'],
    currency: migration.currency,
  }
}

/**
 * Today's price of renewing a migration (today's products, rates and premiums; a term starting on
 * its end date), computed by the pricing engine: its own selection, else 12 months, else one
 * payment when the product no longer offers what it had.
 */
export async function renewalQuote(principal: Member, migration: Migration) {
  const selection = await renewalSelection(principal, migration)
  const startOn = isoDate(migration.end_date)!
  const tries: QuoteRequest[] = [
    selection,
    { ...selection, durationType: '12_months' },
    { ...selection, durationType: '12_months', paymentFrequency: 'one-time' },
  ]
  let failure: unknown = null
  for (const request of tries) {
    try {
      const { quote } = await quoteFor(principal, request, { startOn })
      return { selection: request, quote }
    } catch (error) {
      if (!(error instanceof PricingError)) throw error
      failure = error
    }
  }
  throw failure
}

interface RenewalOffer {
  migration: Migration
  opensOn: string
  selection: QuoteRequest
  quote: Quote
}

/**
 * The member area's renewal card: the principal's newest paid, finished migration whose Renew is
 * open today (from invitation days before its end date, until the day before it), not renewed
 * yet; null otherwise. A renewed migration never offers Renew again.
 */
export async function renewalOffer(principal: Member): Promise<RenewalOffer | null> {
  const [today, days] = await Promise.all([pricingToday(), renewalInvitationDays()])
  const candidates = await Migration.query()
    .where('member_id', principal.id)
    .whereIn('status', RENEWABLE_STATUSES)
    .where('payment_status', 'succeeded')
    .orderBy('end_date', 'desc')
    .orderBy('id', 'desc')
  for (const migration of candidates) {
    if (renewalWindow(migration, today, days) !== 'open') continue
    if (await paidRenewalOf(migration.id)) continue
    const { selection, quote } = await renewalQuote(principal, migration)
    return { migration, opensOn: renewalOpensOn(migration, days), selection, quote }
  }
  return null
}

/** The migration a renewal checkout renews, checked for this principal now (404 / 409 in the member's words). */
export async function renewalTarget(principal: Member, migrationId: number): Promise<Migration> {
  const migration = await Migration.query()
    .where('id', migrationId)
    .where('member_id', principal.id)
    .first()
  if (!migration) throw new ApiError('Migration not found', 404)
  if (!isRenewable(migration)) throw new ApiError(RENEWAL_MESSAGES.notRenewable, 409)
  if (await paidRenewalOf(migration.id)) throw new ApiError(RENEWAL_MESSAGES.renewed, 409)
  const window = renewalWindow(migration, await pricingToday(), await renewalInvitationDays())
  if (window === 'not_yet') throw new ApiError(RENEWAL_MESSAGES.notYet, 409)
  if (window === 'ended') throw new ApiError(RENEWAL_MESSAGES.ended, 409)
  return migration
}

/**
 * Under the member's row lock, before a renewal checkout is stored: an unpaid checkout that held
 * the link gives it up (it is withdrawn by the new one anyway); a paid one means the migration is
 * renewed already (409). The unique key on renewed_from_migration_id is the last guard.
 */
export async function takeRenewalLink(migrationId: number, trx: QueryClientContract) {
  if (await paidRenewalOf(migrationId, trx)) throw new ApiError(RENEWAL_MESSAGES.renewed, 409)
  await Migration.query({ client: trx })
    .where('renewed_from_migration_id', migrationId)
    .whereIn('status', UNPAID_STATUSES)
    .update({ renewed_from_migration_id: null })
}

/**
 * Migrations whose term reaches its end on or before `today` without a paid renewal: what the
 * renewal scheduler ends. Paid, finished ones only; expired, cancelled or lapsed ones are left.
 */
export async function termsEndingBy(today: string): Promise<Migration[]> {
  return Migration.query()
    .whereIn('status', RENEWABLE_STATUSES)
    .where('payment_status', 'succeeded')
    .where('end_date', '<=', today)
    .whereNotExists((query) =>
      query
        .from('migrations as renewal')
        .whereColumn('renewal.renewed_from_migration_id', 'migrations.id')
        .whereNotIn('renewal.status', UNPAID_STATUSES)
    )
    .orderBy('end_date')
    .orderBy('id')
}

/** Migrations whose invitation day has come by `today` (their term not ended yet) and that are not renewed. */
export async function termsToInvite(today: string, days: number): Promise<Migration[]> {
  const lastEnd = isoDate(DateTime.fromISO(today).plus({ days }))!
  return Migration.query()
    .whereIn('status', RENEWABLE_STATUSES)
    .where('payment_status', 'succeeded')
    .where('end_date', '>', today)
    .where('end_date', '<=', lastEnd)
    .whereNotExists((query) =>
      query
        .from('migrations as renewal')
        .whereColumn('renewal.renewed_from_migration_id', 'migrations.id')
        .whereNotIn('renewal.status', UNPAID_STATUSES)
    )
    .orderBy('end_date')
    .orderBy('id')
}
