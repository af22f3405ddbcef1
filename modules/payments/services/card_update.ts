import { DateTime } from 'luxon'
import type { PaymentSubject as Migration } from '#modules/shared/index'
import { ApiError } from '#modules/shared/index'
import Subscription from '../models/subscription.js'
import { stripeClient } from './stripe_client.js'

const LIVE_STATUSES = ['active', 'past_due', 'trialing', 'unpaid', 'incomplete']

async function liveSubscription(migration: Migration) {
  const subscription = await Subscription.query()
    .where('migration_id', migration.id)
    .whereIn('status', LIVE_STATUSES)
    .first()
  if (!subscription)
    throw new ApiError('This plan has no recurring payments whose card could be changed', 409)
  return subscription
}

function stripe() {
  const client = stripeClient()
  if (!client)
    throw new ApiError(
      'Card payments are not available at the moment. Please try again later.',
      503
    )
  return client
}

/**
 * Starts a card change for a recurring plan. Stripe: a SetupIntent for the plan's customer, which
 * the browser confirms with Elements; the sandbox needs no card data.
 */
export async function startCardUpdate(
  migration: Migration
): Promise<{ provider: string; clientSecret: string | null }> {
  const subscription = await liveSubscription(migration)
  if (migration.payment_provider !== 'stripe')
    return { provider: migration.payment_provider, clientSecret: null }
  if (!migration.provider_customer_id)
    throw new ApiError('This plan has no recurring payments whose card could be changed', 409)
  const intent = await stripe().setupIntents.create({
    customer: migration.provider_customer_id,
    usage: 'off_session',
    metadata: {
      migration_id: String(migration.id),
      subscription_id: subscription.provider_subscription_id,
    },
  })
  return { provider: 'stripe', clientSecret: intent.client_secret }
}

/**
 * Finishes it. Stripe: the confirmed SetupIntent must belong to the plan's customer; its card
 * becomes the subscription's default payment method. Both providers record when it changed.
 */
export async function finishCardUpdate(
  migration: Migration,
  setupIntentId: string | null
): Promise<{ cardUpdatedAt: string }> {
  const subscription = await liveSubscription(migration)
  if (migration.payment_provider === 'stripe') {
    if (!setupIntentId) throw new ApiError('The card could not be confirmed', 422)
    const intent = await stripe()
      .setupIntents.retrieve(setupIntentId)
      .catch(() => null)
    if (
      !intent ||
      intent.customer !== migration.provider_customer_id ||
      intent.status !== 'succeeded' ||
      !intent.payment_method
    ) {
      throw new ApiError('The card could not be confirmed', 422)
    }
    const paymentMethod =
      typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method.id
    await stripe().subscriptions.update(subscription.provider_subscription_id, {
      default_payment_method: paymentMethod,
    })
  }
  subscription.card_updated_at = DateTime.now()
  await subscription.save()
  return { cardUpdatedAt: subscription.card_updated_at.toISO()! }
}
