import { randomBytes } from 'node:crypto'
import type { PaymentOrder, PaymentProvider, PaymentStart } from './payment_provider.js'

const id = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`

/**
 * The offline provider used when no Stripe key is configured: no card data and no network.
 * It hands out Stripe-like ids; the member's "Pay (sandbox)" click confirms the payment
 * (see sandbox_confirmation.ts), which goes through the same webhook event processor.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const

  async startPayment(order: PaymentOrder): Promise<PaymentStart> {
    const paymentIntentId = id('pi')
    const clientSecret = `${paymentIntentId}_secret_${randomBytes(8).toString('hex')}`
    if (order.periodMonths === null) {
      return { paymentType: 'one-time', clientSecret, paymentIntentId, customerId: null, subscriptionId: null }
    }
    return { paymentType: 'subscription', clientSecret, paymentIntentId, customerId: id('cus'), subscriptionId: id('sub') }
  }
}
