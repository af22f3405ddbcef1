import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { migrationOutcomes, type PaymentSubject } from '#modules/shared/index'
import Subscription from '../models/subscription.js'
import { paymentProviderFor } from '../providers/active_provider.js'
import { paymentHistory } from './payment_history.js'

/**
 * Gives a refused payment back (docs/fulfilment.md, "Refused payments"): the provider cancels the
 * subscription (no further installment) and refunds the first charge in full; the migration ends
 * failed with the reason, its payment rows are marked refunded (no revenue). Inside the event's
 * transaction: if the provider fails, nothing is recorded and the provider's retry tries again.
 */
export async function refundRefusedPayment(
  migration: PaymentSubject,
  reason: string,
  trx: TransactionClientContract
) {
  const subscription = await Subscription.query({ client: trx })
    .where('migration_id', migration.id)
    .first()
  await paymentProviderFor(migration.payment_provider).refundPayment({
    migrationId: migration.id,
    paymentIntentId: migration.payment_intent_id,
    subscriptionId: subscription?.provider_subscription_id ?? null,
  })
  const answer = await migrationOutcomes.report(
    { type: 'payment.refunded', migrationId: migration.id, reason },
    trx
  )
  // The migration refused the success moments ago under the same row lock: it cannot refuse the refund.
  if (!answer.accepted)
    throw new Error(`Migration ${migration.id} refused its refund: ${answer.reason}`)
  if (subscription) {
    // Ended by us because the migration was refused: not a member's cancellation (no cancelled-at date).
    subscription.useTransaction(trx)
    subscription.merge({ status: 'canceled', cancelled_at: null })
    await subscription.save()
  }
  await paymentHistory.markRefunded(migration.id, trx)
  logger.warn({ migrationId: migration.id, reason }, 'payment refused and refunded')
}
