import { createHash, randomBytes } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import {
  type CardOnFile,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentStart,
  paymentTypeOf,
  type ProviderRefund,
  type RefundRequest,
  type StartedPayment,
} from './payment_provider.js'

const id = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`

/**
 * The offline provider used when no Stripe key is configured: no card data and no network.
 * It hands out Stripe-like ids; the member's "Pay (sandbox)" click confirms the payment
 * (see sandbox_confirmation.ts), which goes through the same webhook event processor.
 * Nothing real is ever charged, so cancelling and refunding only leave a log line.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const

  async startPayment(order: PaymentOrder): Promise<PaymentStart> {
    const paymentIntentId = id('pi')
    const clientSecret = `${paymentIntentId}_secret_${randomBytes(8).toString('hex')}`
    if (paymentTypeOf(order) === 'one-time') {
      return {
        paymentType: 'one-time',
        clientSecret,
        paymentIntentId,
        customerId: null,
        subscriptionId: null,
      }
    }
    return {
      paymentType: 'subscription',
      clientSecret,
      paymentIntentId,
      customerId: id('cus'),
      subscriptionId: id('sub'),
    }
  }

  /** The sandbox pays by migration id: the secret is only a Stripe-shaped placeholder. */
  async paymentSecret(payment: StartedPayment): Promise<string> {
    return `${payment.paymentIntentId}_secret_sandbox`
  }

  async cancelPayment(payment: StartedPayment): Promise<void> {
    logger.info(payment, 'sandbox payment withdrawn (nothing was charged)')
  }

  async refundPayment(payment: StartedPayment): Promise<void> {
    logger.info(payment, 'sandbox payment refunded (nothing was charged)')
  }

  /** The sandbox "charges" Stripe's test Visa: every sandbox payment shows it (docs/payments.md, "Receipts"). */
  async cardOnFile(_payment: StartedPayment): Promise<CardOnFile> {
    return { brand: 'visa', last4: '4242' }
  }

  /**
   * The sandbox's refund id is derived from the key, so asking again answers the same refund; its
   * ledger of refunds is the payment_refunds rows of sandbox migrations (nothing leaves the machine).
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const providerRefundId = `re_sandbox_${createHash('sha256').update(request.refundKey).digest('hex').slice(0, 24)}`
    logger.info({ ...request, providerRefundId }, 'sandbox refund (nothing was charged)')
    return { providerRefundId, status: 'succeeded' }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    logger.info({ subscriptionId }, 'sandbox subscription cancelled')
  }
}
