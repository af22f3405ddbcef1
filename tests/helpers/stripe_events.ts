import Stripe from 'stripe'
import { randomBytes } from 'node:crypto'

export const WEBHOOK_SECRET = 'whsec_test_fulfilment_secret'

let sequence = 0

/** A Stripe-shaped event around an object (what Stripe or the sandbox provider sends). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {}
): Stripe.Event {
  return {
    id: options.id ?? `evt_${randomBytes(8).toString('hex')}_${++sequence}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event
}

/** Body and Stripe-Signature header of a webhook delivery, signed like Stripe does. */
export function signedDelivery(event: Stripe.Event, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event)
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
    payload,
    secret,
  })
  return { payload, signature }
}

/** An invoice of a subscription in the SDK's API version (subscription under parent.subscription_details). */
export function invoiceObject(options: {
  id?: string
  subscription: string
  migrationId?: number
  amountCents: number
  status: 'paid' | 'open'
  created?: number
}) {
  const created = options.created ?? Math.floor(Date.now() / 1000)
  return {
    id: options.id ?? `in_${randomBytes(6).toString('hex')}`,
    object: 'invoice',
    status: options.status,
    currency: 'eur',
    amount_due: options.amountCents,
    amount_paid: options.status === 'paid' ? options.amountCents : 0,
    created,
    hosted_invoice_url: `https://invoice.stripe.test/${options.subscription}`,
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: options.subscription,
        metadata: options.migrationId ? { migration_id: String(options.migrationId) } : {},
      },
    },
    lines: { data: [{ period: { start: created, end: created + 30 * 86400 } }] },
  }
}
