import type Stripe from 'stripe'
import { DateTime } from 'luxon'
import { orderMetadata, type PaymentOrder, type PaymentProvider, type PaymentStart } from './payment_provider.js'

/**
 * Real Stripe. One-time: a PaymentIntent for the total. Recurring: a Customer, a Price (with its
 * product data) for the regular installment every `periodMonths` months, and a Subscription that
 * starts incomplete (the member confirms the first invoice's payment in the browser) and is
 * cancelled at the coverage end date, so nothing is ever charged after it.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const

  constructor(private stripe: Stripe) {}

  async startPayment(order: PaymentOrder): Promise<PaymentStart> {
    return order.periodMonths === null ? this.#oneTime(order) : this.#subscription(order, order.periodMonths)
  }

  async #oneTime(order: PaymentOrder): Promise<PaymentStart> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: order.totalAmount,
        currency: order.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        description: `Coverage migration ${order.reference}`,
        receipt_email: order.customer.email ?? undefined,
        metadata: orderMetadata(order),
      },
      { idempotencyKey: `migration-${order.migrationId}-intent` }
    )
    return { paymentType: 'one-time', clientSecret: intent.client_secret!, paymentIntentId: intent.id, customerId: null, subscriptionId: null }
  }

  async #subscription(order: PaymentOrder, periodMonths: number): Promise<PaymentStart> {
    const metadata = orderMetadata(order)
    const key = (step: string) => ({ idempotencyKey: `migration-${order.migrationId}-${step}` })
    const customer = await this.stripe.customers.create(
      { name: order.customer.name, email: order.customer.email ?? undefined, metadata },
      key('customer')
    )
    const price = await this.stripe.prices.create(
      {
        currency: order.currency.toLowerCase(),
        unit_amount: order.subscriptionAmount,
        recurring: { interval: 'month', interval_count: periodMonths },
        product_data: { name: `Coverage migration ${order.reference}`, metadata },
        metadata,
      },
      key('price')
    )
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        cancel_at: endOfCoverage(order.endDate),
        proration_behavior: 'none',
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { ...metadata, number_of_payments: String(order.numberOfPayments) },
        // Since API 2025-03-31 an invoice exposes its PaymentIntent's secret as confirmation_secret.
        expand: ['latest_invoice.confirmation_secret'],
      },
      key('subscription')
    )
    const invoice = subscription.latest_invoice as Stripe.Invoice | null
    const clientSecret = invoice?.confirmation_secret?.client_secret
    if (!clientSecret) throw new Error(`Stripe subscription ${subscription.id} has no payable first invoice`)
    return {
      paymentType: 'subscription',
      clientSecret,
      paymentIntentId: paymentIntentIdFromSecret(clientSecret),
      customerId: customer.id,
      subscriptionId: subscription.id,
    }
  }
}

/** A PaymentIntent's client secret is "<intent id>_secret_<random>". */
function paymentIntentIdFromSecret(secret: string): string | null {
  const index = secret.indexOf('_secret_')
  return index > 0 ? secret.slice(0, index) : null
}

/** Unix time of the coverage end date (midnight UTC). */
function endOfCoverage(endDate: string): number {
  return Math.floor(DateTime.fromISO(endDate, { zone: 'utc' }).toSeconds())
}
