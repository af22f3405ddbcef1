import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Subscription from '../models/subscription.js'
import PaymentIntentLink from '../models/payment_intent_link.js'
import type { PaymentStart } from '../providers/payment_provider.js'

/**
 * Records, in the checkout's transaction, what payments keeps of a started payment: its own link
 * from the PaymentIntent to the migration (events without metadata are found by it) and the
 * subscription row (incomplete until its first invoice is paid).
 */
export async function recordPaymentStart(
  migration: { id: number; end_date: DateTime },
  provider: string,
  start: PaymentStart,
  trx: TransactionClientContract
) {
  if (start.paymentIntentId) {
    // A plain read then an INSERT, not updateOrCreate: its SELECT … FOR UPDATE of a missing key takes a gap
    // lock on MariaDB, and two checkouts at once then deadlock on their INSERTs (two_processes.spec.ts). The
    // migration's row lock, taken first, keeps one payment intent's link to one writer at a time.
    const link = await PaymentIntentLink.query({ client: trx })
      .where('provider_payment_intent_id', start.paymentIntentId)
      .first()
    if (link)
      await PaymentIntentLink.query({ client: trx })
        .where('id', link.id)
        .update({ migration_id: migration.id })
    else
      await PaymentIntentLink.create(
        { provider_payment_intent_id: start.paymentIntentId, migration_id: migration.id },
        { client: trx }
      )
  }
  if (!start.subscriptionId) return
  await Subscription.create(
    {
      migration_id: migration.id,
      provider,
      provider_subscription_id: start.subscriptionId,
      status: 'incomplete',
      ends_on: migration.end_date,
      early_cancellation_reviewed: false,
    },
    { client: trx }
  )
}

/** The migration a PaymentIntent pays, from payments' own link. */
export async function migrationIdOfPaymentIntent(
  paymentIntentId: string,
  trx: TransactionClientContract
) {
  return (
    (
      await PaymentIntentLink.query({ client: trx })
        .where('provider_payment_intent_id', paymentIntentId)
        .first()
    )?.migration_id ?? null
  )
}

/** A withdrawn checkout's subscription, ended by us (not a member's cancellation: no cancelled-at date, docs/fulfilment.md). */
export async function endWithdrawnSubscription(
  migrationId: number,
  trx: TransactionClientContract
) {
  const subscription = await Subscription.query({ client: trx })
    .where('migration_id', migrationId)
    .first()
  if (!subscription) return null
  subscription.useTransaction(trx)
  subscription.status = 'canceled'
  await subscription.save()
  return subscription
}
