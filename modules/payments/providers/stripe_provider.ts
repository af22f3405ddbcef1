import type Stripe from 'stripe'
import logger from '@adonisjs/core/services/logger'
import {
  type CardOnFile,
  orderMetadata,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentStart,
  paymentTypeOf,
  type ProviderRefund,
  type RefundRequest,
  type StartedPayment,
} from './payment_provider.js'
import { driftedDueDates, stripePlanOf } from './stripe_plan.js'

/**
 * Real Stripe. A single payment (one-time, or a plan of one installment): a PaymentIntent for
 * the total. Installments: a Customer, a Price (with its product data) for the regular
 * installment every `periodMonths` months and a Subscription that starts incomplete (the member
 * confirms the first invoice's payment in the browser) and charges exactly the stored schedule
 * (stripe_plan.ts). Every call carries an idempotency key per migration.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const

  constructor(private stripe: Stripe) {}

  async startPayment(order: PaymentOrder): Promise<PaymentStart> {
    return paymentTypeOf(order) === 'one-time'
      ? this.#oneTime(order)
      : this.#subscription(order, order.periodMonths!)
  }

  /** The PaymentIntent's secret (for a subscription, the first invoice's PaymentIntent). */
  async paymentSecret(payment: StartedPayment): Promise<string> {
    if (!payment.paymentIntentId)
      throw new Error(`Migration ${payment.migrationId} has no PaymentIntent`)
    const intent = await this.stripe.paymentIntents.retrieve(payment.paymentIntentId)
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`)
    return intent.client_secret
  }

  /** A superseded checkout: the PaymentIntent is cancelled, or the subscription cancelled and its open first invoice voided. */
  async cancelPayment(payment: StartedPayment): Promise<void> {
    const key = (step: string) => ({ idempotencyKey: `migration-${payment.migrationId}-${step}` })
    if (!payment.subscriptionId) {
      if (payment.paymentIntentId)
        await this.stripe.paymentIntents.cancel(
          payment.paymentIntentId,
          { cancellation_reason: 'abandoned' },
          key('cancel-intent')
        )
      return
    }
    const subscription = await this.stripe.subscriptions.cancel(
      payment.subscriptionId,
      { expand: ['latest_invoice'] },
      key('cancel-subscription')
    )
    const invoice = subscription.latest_invoice as Stripe.Invoice | null
    if (invoice && typeof invoice === 'object' && invoice.status === 'open') {
      await this.stripe.invoices.voidInvoice(invoice.id!, {}, key('void-first-invoice'))
    }
  }

  /** A payment that must not be fulfilled: the subscription (if any) is cancelled first, then the first charge refunded in full. */
  async refundPayment(payment: StartedPayment): Promise<void> {
    const key = (step: string) => ({ idempotencyKey: `migration-${payment.migrationId}-${step}` })
    if (payment.subscriptionId) {
      // A withdrawn checkout's subscription is cancelled already, and Stripe refuses to cancel it twice.
      const subscription = await this.stripe.subscriptions.retrieve(payment.subscriptionId)
      if (!['canceled', 'incomplete_expired'].includes(subscription.status)) {
        await this.stripe.subscriptions.cancel(
          payment.subscriptionId,
          {},
          key('cancel-refunded-subscription')
        )
      }
    }
    if (!payment.paymentIntentId)
      throw new Error(`Migration ${payment.migrationId} has no PaymentIntent to refund`)
    await this.stripe.refunds.create(
      {
        payment_intent: payment.paymentIntentId,
        reason: 'duplicate',
        metadata: { migration_id: String(payment.migrationId) },
      },
      key('refund')
    )
  }

  /**
   * Stripe Refunds with our key as idempotency key and in metadata (refund_key), so the
   * refund.created / charge.refunded events find the row we wrote. An invoice is refunded
   * through the PaymentIntent that paid it.
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const paymentIntent = request.providerPaymentId.startsWith('in_')
      ? await this.#invoicePaymentIntent(request.providerPaymentId)
      : request.providerPaymentId
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: request.amountCents,
        reason: 'requested_by_customer',
        metadata: { migration_id: String(request.migrationId), refund_key: request.refundKey },
      },
      { idempotencyKey: request.refundKey }
    )
    return { providerRefundId: refund.id, status: refund.status ?? 'succeeded' }
  }

  async cancelSubscription(subscriptionId: string, key: string): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId)
    if (['canceled', 'incomplete_expired'].includes(subscription.status)) return
    await this.stripe.subscriptions.cancel(
      subscriptionId,
      { prorate: false },
      { idempotencyKey: key }
    )
  }

  /** The PaymentIntent that paid an invoice (API 2025-03-31: the invoice's payments list). */
  async #invoicePaymentIntent(invoiceId: string): Promise<string> {
    const invoice = (await this.stripe.invoices.retrieve(invoiceId, {
      expand: ['payments'],
    })) as unknown as {
      payments?: { data?: Array<{ payment?: { payment_intent?: string | { id: string } } }> }
    }
    const intent = invoice.payments?.data?.[0]?.payment?.payment_intent
    const id = typeof intent === 'string' ? intent : intent?.id
    if (!id) throw new Error(`Invoice ${invoiceId} has no PaymentIntent to refund`)
    return id
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
    return {
      paymentType: 'one-time',
      clientSecret: intent.client_secret!,
      paymentIntentId: intent.id,
      customerId: null,
      subscriptionId: null,
    }
  }

  async #subscription(order: PaymentOrder, periodMonths: number): Promise<PaymentStart> {
    const metadata = orderMetadata(order)
    const currency = order.currency.toLowerCase()
    const plan = stripePlanOf(order.installments, periodMonths, order.startDate)
    const drift = driftedDueDates(order.installments, plan, periodMonths)
    if (drift.length > 0)
      logger.warn(
        { migrationId: order.migrationId, drift },
        'Stripe keeps the anchor day of month: some installments bill on another day'
      )
    const key = (step: string) => ({ idempotencyKey: `migration-${order.migrationId}-${step}` })
    const customer = await this.stripe.customers.create(
      { name: order.customer.name, email: order.customer.email ?? undefined, metadata },
      key('customer')
    )
    const price = await this.stripe.prices.create(
      {
        currency,
        unit_amount: plan.regular,
        recurring: { interval: 'month', interval_count: periodMonths },
        product_data: { name: `Coverage migration ${order.reference}`, metadata },
        metadata,
      },
      key('price')
    )
    const product = typeof price.product === 'string' ? price.product : price.product.id
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        proration_behavior: 'none',
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: {
          ...metadata,
          number_of_payments: String(order.installments.length),
          ...(plan.cancelAt !== null ? { plan_ends_at: String(plan.cancelAt) } : {}),
        },
        ...(plan.trialEnd !== null
          ? {
              // Nothing recurring before payment 2's due date; payment 1 is the first invoice's item.
              trial_end: plan.trialEnd,
              trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } },
              add_invoice_items: [
                {
                  price_data: { currency, product, unit_amount: plan.firstPaymentItem! },
                  metadata: { ...metadata, installment: '1' },
                },
              ],
            }
          : {}),
        ...(plan.cancelAt !== null ? { cancel_at: plan.cancelAt } : {}),
        // Since API 2025-03-31 an invoice exposes its PaymentIntent's secret as confirmation_secret.
        expand: ['latest_invoice.confirmation_secret'],
      },
      key('subscription')
    )
    const invoice = subscription.latest_invoice as Stripe.Invoice | null
    const clientSecret = invoice?.confirmation_secret?.client_secret
    if (!clientSecret)
      throw new Error(`Stripe subscription ${subscription.id} has no payable first invoice`)
    return {
      paymentType: 'subscription',
      clientSecret,
      paymentIntentId: paymentIntentIdFromSecret(clientSecret),
      customerId: customer.id,
      subscriptionId: subscription.id,
    }
  }

  /** The subscription's default PaymentMethod (what its installments are charged to), else the PaymentIntent's. */
  async cardOnFile(payment: StartedPayment): Promise<CardOnFile | null> {
    let method: string | Stripe.PaymentMethod | null = null
    if (payment.subscriptionId)
      method = (
        await this.stripe.subscriptions.retrieve(payment.subscriptionId, {
          expand: ['default_payment_method'],
        })
      ).default_payment_method
    if (!method && payment.paymentIntentId)
      method = (
        await this.stripe.paymentIntents.retrieve(payment.paymentIntentId, {
          expand: ['payment_method'],
        })
      ).payment_method
    if (!method || typeof method === 'string' || !method.card) return null
    return { brand: method.card.brand, last4: method.card.last4 }
  }
}

/** A PaymentIntent's client secret is "<intent id>_secret_<random>". */
function paymentIntentIdFromSecret(secret: string): string | null {
  const index = secret.indexOf('_secret_')
  return index > 0 ? secret.slice(0, index) : null
}
