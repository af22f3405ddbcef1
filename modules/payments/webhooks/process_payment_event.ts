import type Stripe from 'stripe'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { lockingTransaction } from '#modules/shared/index'
import WebhookEvent from '../models/webhook_event.js'
import { migrationPaymentState } from '../services/migration_payment_state.js'
import { paymentHistory } from '../services/payment_history.js'
import { subscriptionSync } from '../services/subscription_sync.js'
import { followInstallmentPlan } from '../services/stripe_installment_plan.js'
import { queueDunningOfFailedInstallment } from '../services/dunning_trigger.js'
import { lapseReason, recordLapse } from '../services/coverage_lapse.js'
import { resolveMigration } from './resolve_migration.js'
import { invoiceSubscriptionId } from './stripe_objects.js'
import { UnappliableEvent } from './unappliable_event.js'
import { onChargeRefunded, onDispute, onRefund } from './money_events.js'

type Loose = Record<string, any>
type Handler = (object: Loose, event: Stripe.Event, trx: TransactionClientContract) => Promise<void>

const HANDLERS: Record<string, Handler> = {
  'payment_intent.succeeded': (intent, _event, trx) => onPaymentIntent(intent, true, trx),
  'payment_intent.payment_failed': (intent, _event, trx) => onPaymentIntent(intent, false, trx),
  'invoice.paid': (invoice, _event, trx) => onInvoice(invoice, trx),
  'invoice.payment_succeeded': (invoice, _event, trx) => onInvoice(invoice, trx),
  'invoice.payment_failed': (invoice, _event, trx) => onInvoice(invoice, trx),
  'customer.subscription.created': onSubscription,
  'customer.subscription.updated': onSubscription,
  'customer.subscription.deleted': onSubscription,
  'refund.created': (refund, _event, trx) => onRefund(refund, trx),
  'refund.updated': (refund, _event, trx) => onRefund(refund, trx),
  'refund.failed': (refund, _event, trx) => onRefund(refund, trx),
  'charge.refund.updated': (refund, _event, trx) => onRefund(refund, trx),
  'charge.refunded': (charge, _event, trx) => onChargeRefunded(charge, trx),
  'charge.dispute.created': (dispute, event, trx) => onDispute(dispute, event.created, trx),
  'charge.dispute.updated': (dispute, event, trx) => onDispute(dispute, event.created, trx),
  'charge.dispute.closed': (dispute, event, trx) => onDispute(dispute, event.created, trx),
  'charge.dispute.funds_withdrawn': (dispute, event, trx) => onDispute(dispute, event.created, trx),
  'charge.dispute.funds_reinstated': (dispute, event, trx) =>
    onDispute(dispute, event.created, trx),
}

/**
 * Applies one provider event (from the Stripe webhook or the sandbox
 * provider). Each event id is applied once: its webhook_events row is
 * written in the same transaction as its effects. Events of other types,
 * or about no migration of ours, are recorded and ignored. Events about one
 * migration are applied one after the other (its row lock); READ COMMITTED
 * lets each see what the previous one committed (the payment row it wrote).
 */
export async function processPaymentEvent(event: Stripe.Event): Promise<{ ignored?: string }> {
  try {
    await lockingTransaction(async (trx) => {
      await WebhookEvent.create({ event_id: event.id, type: event.type }, { client: trx })
      const handler = HANDLERS[event.type]
      if (handler) await handler(event.data.object as Loose, event, trx)
    })
    return {}
  } catch (error) {
    if (isDuplicateEvent(error)) {
      logger.info({ eventId: event.id }, 'payment event already processed')
      return {}
    }
    if (error instanceof UnappliableEvent) return recordUnapplied(event, error.message)
    throw error
  }
}

/**
 * An event that cannot be applied: its effects were rolled back; it is
 * recorded once with the reason (webhook_events.ignored_reason, the log), so
 * the provider is answered 2xx and does not retry it for days.
 */
async function recordUnapplied(event: Stripe.Event, reason: string): Promise<{ ignored: string }> {
  logger.error(
    { eventId: event.id, type: event.type, reason },
    'payment event recorded but not applied'
  )
  try {
    await WebhookEvent.create({ event_id: event.id, type: event.type, ignored_reason: reason })
  } catch (error) {
    if (!isDuplicateEvent(error)) throw error
  }
  return { ignored: reason }
}

async function onPaymentIntent(intent: Loose, succeeded: boolean, trx: TransactionClientContract) {
  const migration = await resolveMigration.forPaymentIntent(intent, trx)
  if (!migration) return ignore('payment intent', intent.id)
  // Subscription charges are recorded from their invoices, not twice (a single payment is a PaymentIntent).
  if (!(await subscriptionSync.ofMigration(migration.id, trx)))
    await paymentHistory.recordPaymentIntent(migration, intent, succeeded, trx)
  if (succeeded) await migrationPaymentState.succeeded(migration, trx)
  else await migrationPaymentState.failed(migration, trx)
}

async function onInvoice(invoice: Loose, trx: TransactionClientContract) {
  const migration = await resolveMigration.forInvoice(invoice, trx)
  if (!migration) return ignore('invoice', invoice.id)
  const providerSubscriptionId = invoiceSubscriptionId(invoice)
  const subscription = providerSubscriptionId
    ? await subscriptionSync.findOrCreate(migration, providerSubscriptionId, trx)
    : null
  const becamePaid = await paymentHistory.recordInvoice(
    migration,
    subscription?.id ?? null,
    invoice,
    trx
  )
  if (invoice.status === 'paid') {
    if ((await migrationPaymentState.succeeded(migration, trx)) === 'refunded' || !subscription)
      return
    await subscriptionSync.activateOnFirstPayment(subscription, trx)
    if (becamePaid) await followInstallmentPlan(migration, subscription, trx)
  } else {
    // A later installment of a paid plan failed: the member is chased (a failed first payment is a failed checkout).
    if (subscription && migration.payment_status === 'succeeded')
      await queueDunningOfFailedInstallment(migration, invoice.id, trx)
    await migrationPaymentState.failed(migration, trx)
  }
}

async function onSubscription(object: Loose, event: Stripe.Event, trx: TransactionClientContract) {
  const migration = await resolveMigration.forSubscription(object, trx)
  if (!migration) return ignore('subscription', object.id)
  // Read before the sync: a lapse is alerted as a lapse, not also as an early cancellation.
  const lapse = await lapseReason(migration, object, trx)
  const applied = await subscriptionSync.apply(migration, object, event.created, trx, {
    alertCancellation: !lapse,
  })
  if (lapse && applied) await recordLapse(migration, lapse, trx)
}

function ignore(kind: string, id: string) {
  logger.warn({ id }, `payment event about an unknown ${kind}, ignored`)
}

/** The unique index on webhook_events.event_id refused a second copy. */
function isDuplicateEvent(error: any) {
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`
  return (
    /ER_DUP_ENTRY|SQLITE_CONSTRAINT|UNIQUE constraint failed/i.test(text) &&
    /webhook_events|event_id/i.test(text)
  )
}
