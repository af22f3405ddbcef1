import db from '@adonisjs/lucid/services/db'
import type { Member } from '#modules/members/index'
import type { PaymentType } from '#modules/payments/index'
import { ApiError } from '#modules/shared/index'
import Migration from '../models/migration.js'
import { storedPricing } from './stored_pricing.js'
import { hasConsent, paymentSecretOf } from './consent.js'
import { consentTermsFor } from './consent_terms.js'

/** A checkout withdrawn because the member started a newer one (supersede_pending.ts). */
export const isReplacedCheckout = (migration: Migration) =>
  migration.status === 'failed' &&
  migration.payment_status === 'cancelled' &&
  (migration.failure_reason ?? '').startsWith('Superseded by')

/** The member's one open checkout (pending, payment started), or null. */
export async function currentCheckoutId(principal: Member): Promise<number | null> {
  const migration = await Migration.query()
    .where('member_id', principal.id)
    .where('status', 'pending')
    .whereNotNull('payment_intent_id')
    .orderBy('id', 'desc')
    .first()
  return migration?.id ?? null
}

/**
 * The member's own open checkout as /migration/create answered it, so a second tab (or the tab
 * whose checkout was replaced) can pay the current one instead of starting yet another.
 */
export async function resumeCheckout(principal: Member, migrationId: number, language = 'en') {
  const migration = await Migration.query()
    .where('id', migrationId)
    .where('member_id', principal.id)
    .first()
  if (!migration) throw new ApiError('Migration not found', 404)
  if (migration.status !== 'pending' || !migration.payment_intent_id)
    throw new ApiError('This migration is not awaiting payment', 409)
  const subscription = await db
    .from('subscriptions')
    .where('migration_id', migration.id)
    .select('provider_subscription_id')
    .first()
  // Stripe's secret is handed out only once the member consented (docs/shop.md, "Consent").
  const consented = migration.payment_provider === 'sandbox' || (await hasConsent(migration.id))
  const clientSecret = consented ? await paymentSecretOf(migration) : null
  const paymentType: PaymentType = subscription ? 'subscription' : 'one-time'
  const pricing = await storedPricing(migration)
  return {
    ...pricing,
    // The lines as create answers them (the member area's own fields stay its own).
    calculations: pricing.calculations.map((line) => ({
      memberId: line.memberId,
      memberName: line.memberName,
      calculatedPremium: line.calculatedPremium,
      annualPremium: line.annualPremium,
    })),
    // The rate and surcharge the checkout was priced with (stored with it), as create answered them.
    exchangeRate: Number(migration.exchange_rate),
    surchargePercentage: Number(migration.surcharge_percentage),
    clientSecret,
    consentTerms: await consentTermsFor(migration, language),
    migrationId: migration.id,
    migrationReference: migration.migration_reference,
    paymentType,
    provider: migration.payment_provider,
  }
}
