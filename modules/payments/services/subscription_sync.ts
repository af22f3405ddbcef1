import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { PaymentSubject as Migration } from '#modules/shared/index'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import Subscription from '../models/subscription.js'
import { endedOnSchedule, fromUnix, subscriptionPeriodEnd } from '../webhooks/stripe_objects.js'
import { isEarlyCancellation } from './early_cancellation.js'
import { migrationPaymentState } from './migration_payment_state.js'

type Loose = Record<string, any>

/** Keeps the subscriptions table in step with the provider's subscription events. */
export const subscriptionSync = {
  async findByProviderId(providerSubscriptionId: string, trx: TransactionClientContract) {
    return Subscription.query({ client: trx })
      .where('provider_subscription_id', providerSubscriptionId)
      .first()
  },

  async ofMigration(migrationId: number, trx: TransactionClientContract) {
    return Subscription.query({ client: trx }).where('migration_id', migrationId).first()
  },

  /** The migration's subscription row, created (incomplete) when the first event about it arrives. */
  async findOrCreate(
    migration: Migration,
    providerSubscriptionId: string,
    trx: TransactionClientContract
  ) {
    const existing = await this.findByProviderId(providerSubscriptionId, trx)
    if (existing) return existing
    return Subscription.create(
      {
        migration_id: migration.id,
        provider: migration.payment_provider,
        provider_subscription_id: providerSubscriptionId,
        status: 'incomplete',
        ends_on: migration.end_date,
        early_cancellation_reviewed: false,
      },
      { client: trx }
    )
  },

  /**
   * Applies a customer.subscription.* event. An event older than the one
   * that set the current status is ignored, and canceled is final. Only a
   * cancellation of a paid, running plan gets a cancelled-at date (the
   * early-cancellation rule reads it): not a plan that reached its scheduled
   * end, not an abandoned checkout, not one we ended ourselves (withdrawn or
   * refunded). Answers false when the event was ignored (older, or after canceled).
   */
  async apply(
    migration: Migration,
    object: Loose,
    eventCreated: number,
    trx: TransactionClientContract,
    options: { alertCancellation?: boolean } = {}
  ) {
    const subscription = await this.findOrCreate(migration, object.id, trx)
    const wasEarlyCancelled = isEarlyCancellation(subscription)
    const isOlder =
      subscription.status_event_created !== null && eventCreated < subscription.status_event_created
    if (isOlder || (subscription.status === 'canceled' && object.status !== 'canceled'))
      return false

    const cancelled =
      object.status === 'canceled' &&
      migration.payment_status === 'succeeded' &&
      !endedOnSchedule(object)
    subscription.useTransaction(trx)
    subscription.merge({
      status: object.status,
      status_event_created: eventCreated,
      current_period_end: subscriptionPeriodEnd(object) ?? subscription.current_period_end,
      cancelled_at: cancelled
        ? (fromUnix(object.canceled_at) ?? subscription.cancelled_at ?? DateTime.now())
        : null,
      ends_on: subscription.ends_on ?? migration.end_date,
    })
    await subscription.save()

    if (object.status === 'incomplete_expired') await migrationPaymentState.failed(migration, trx)
    if (
      options.alertCancellation !== false &&
      !wasEarlyCancelled &&
      isEarlyCancellation(subscription)
    ) {
      await jobQueue.enqueue(JOB_TYPES.cancellationAlert, { migrationId: migration.id }, { trx })
    }
    return true
  },

  /** A paid invoice activates a subscription still waiting for its first payment (as the provider does). */
  async activateOnFirstPayment(subscription: Subscription, trx: TransactionClientContract) {
    if (subscription.status !== 'incomplete') return
    subscription.useTransaction(trx)
    subscription.status = 'active'
    await subscription.save()
  },
}
