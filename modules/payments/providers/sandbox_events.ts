import type Stripe from 'stripe'
import type { Cents } from '#modules/shared/index'

/** A pending sandbox payment as stored on its migration. */
export interface SandboxPayment {
  migrationId: number
  reference: string
  memberId: string
  currency: string
  amount: Cents
  paymentIntentId: string
  customerId: string | null
  subscriptionId: string | null
}

/**
 * The event Stripe would send once the first payment succeeds: payment_intent.succeeded for a
 * one-time payment, invoice.paid (billing_reason subscription_create) for a subscription. Shaped
 * like the real thing so the one webhook event processor handles both providers. Its ids derive
 * from the checkout's PaymentIntent: confirming one checkout twice (a double click, simultaneous
 * requests) sends the same event about the same invoice, applied once (unique event id) and
 * recorded once (unique payment id).
 */
export function sandboxPaymentEvent(
  payment: SandboxPayment,
  now = new Date(),
  invoice: { id?: string; billingReason?: string } = {}
): Stripe.Event {
  const created = Math.floor(now.getTime() / 1000)
  const checkout = payment.paymentIntentId.replace(/^pi_/, '')
  const metadata = {
    migration_id: String(payment.migrationId),
    migration_reference: payment.reference,
    member_id: payment.memberId,
  }
  const currency = payment.currency.toLowerCase()
  const object = payment.subscriptionId
    ? {
        id: invoice.id ?? `in_${checkout}`,
        object: 'invoice',
        customer: payment.customerId,
        subscription: payment.subscriptionId,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: payment.subscriptionId, metadata },
        },
        billing_reason: invoice.billingReason ?? 'subscription_create',
        status: 'paid',
        paid: true,
        amount_due: payment.amount,
        amount_paid: payment.amount,
        currency,
        created,
        period_start: created,
        period_end: created,
        hosted_invoice_url: null,
        payment_intent: payment.paymentIntentId,
        metadata,
      }
    : {
        id: payment.paymentIntentId,
        object: 'payment_intent',
        amount: payment.amount,
        amount_received: payment.amount,
        currency,
        status: 'succeeded',
        customer: payment.customerId,
        created,
        metadata,
      }
  const event = {
    id: `evt_${checkout}_first_payment`,
    object: 'event',
    api_version: null,
    created,
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type: payment.subscriptionId ? 'invoice.paid' : 'payment_intent.succeeded',
    data: { object },
  }
  return event as unknown as Stripe.Event
}
