import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { migrationPaymentState } from '../services/migration_payment_state.js'
import { subscriptionSync } from '../services/subscription_sync.js'
import { stripeClient } from '../services/stripe_client.js'
import { migrationIdOfPaymentIntent } from '../services/payment_start_record.js'
import { invoiceMigrationId, invoiceSubscriptionId, migrationIdFrom } from './stripe_objects.js'

type Loose = Record<string, any>

/**
 * Finds (and locks) the migration an event is about. The creating side
 * puts `metadata.migration_id` on PaymentIntents and subscriptions; stored
 * provider ids (payments' own links, subscriptions) are the fallback.
 */
export const resolveMigration = {
  async forPaymentIntent(intent: Loose, trx: TransactionClientContract) {
    const id =
      migrationIdFrom(intent.metadata) ?? (await migrationIdOfPaymentIntent(intent.id, trx))
    return lock(id, trx)
  },

  async forSubscription(subscription: Loose, trx: TransactionClientContract) {
    const id =
      migrationIdFrom(subscription.metadata) ??
      (await subscriptionSync.findByProviderId(subscription.id, trx))?.migration_id
    return lock(id, trx)
  },

  async forInvoice(invoice: Loose, trx: TransactionClientContract) {
    const subscriptionId = invoiceSubscriptionId(invoice)
    let id = invoiceMigrationId(invoice)
    if (!id && subscriptionId)
      id = (await subscriptionSync.findByProviderId(subscriptionId, trx))?.migration_id ?? null
    if (!id && subscriptionId) id = await migrationIdFromProvider(subscriptionId)
    return lock(id, trx)
  },
}

async function lock(id: number | null | undefined, trx: TransactionClientContract) {
  return id ? migrationPaymentState.lock(id, trx) : null
}

/** Last resort for an invoice whose subscription we have not heard of yet: ask Stripe. */
async function migrationIdFromProvider(subscriptionId: string): Promise<number | null> {
  const stripe = stripeClient()
  if (!stripe) return null
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    return migrationIdFrom(subscription.metadata)
  } catch (error) {
    logger.warn({ err: error, subscriptionId }, 'could not retrieve subscription from Stripe')
    throw error
  }
}
