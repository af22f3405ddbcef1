import db from '@adonisjs/lucid/services/db'
import type { Member } from '#modules/members/index'
import {
  activeProviderName,
  processPaymentEvent,
  sandboxPaymentEvent,
} from '#modules/payments/index'
import { ApiError, toCents } from '#modules/shared/index'
import Migration from '../models/migration.js'
import { migrationStatusOf } from './migration_blocking.js'
import { isReplacedCheckout } from './resume_checkout.js'
import { CHECKOUT_REPLACED, ERROR_CODES } from '../../../shared_data/checkout_messages.js'
import { CONSENT_MISSING } from '../../../shared_data/consent_texts.js'
import { hasConsent } from './consent.js'

/**
 * The sandbox's "Pay (sandbox)": exists only while the sandbox is the active provider and
 * confirms only the signed-in member's own pending sandbox migration, by passing the event
 * Stripe would send to the same webhook event processor.
 */
export async function confirmSandboxPayment(principal: Member, migrationId: number) {
  if (activeProviderName() !== 'sandbox') throw new ApiError('Not found', 404)
  const migration = await Migration.query()
    .where('id', migrationId)
    .where('member_id', principal.id)
    .first()
  if (!migration) throw new ApiError('Migration not found', 404)
  if (isReplacedCheckout(migration))
    throw new ApiError(CHECKOUT_REPLACED, 409, { code: ERROR_CODES.checkoutReplaced })
  if (
    migration.status !== 'pending' ||
    migration.payment_provider !== 'sandbox' ||
    !migration.payment_intent_id
  ) {
    throw new ApiError('This migration is not awaiting payment', 409)
  }
  // No payment without the member's recorded consent (docs/shop.md, "Consent").
  if (!(await hasConsent(migration.id))) throw new ApiError(CONSENT_MISSING, 422)
  const status = await migrationStatusOf(principal, undefined, 'en', {
    renewalOf: migration.renewed_from_migration_id,
  })
  if (status.blocked) throw new ApiError(status.reason!, 409)
  const subscription = await db
    .from('subscriptions')
    .where('migration_id', migration.id)
    .select('provider_subscription_id')
    .first()
  await processPaymentEvent(
    sandboxPaymentEvent({
      migrationId: migration.id,
      reference: migration.migration_reference,
      memberId: migration.member_id_str,
      currency: migration.currency,
      amount: toCents(migration.subscription_amount),
      paymentIntentId: migration.payment_intent_id,
      customerId: migration.provider_customer_id,
      subscriptionId: subscription?.provider_subscription_id ?? null,
    })
  )
  await migration.refresh()
  return {
    migrationId: migration.id,
    migrationReference: migration.migration_reference,
    status: migration.status,
  }
}
