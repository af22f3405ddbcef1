import type { PaymentSubject as Migration } from '#modules/shared/index'
import { ApiError, toCents } from '#modules/shared/index'
import Payment from '../models/payment.js'
import Subscription from '../models/subscription.js'
import { sandboxPaymentEvent } from '../providers/sandbox_events.js'
import { processPaymentEvent } from '../webhooks/process_payment_event.js'
import { stripeClient } from './stripe_client.js'

/** Unpaid invoice states a member can settle ("open": a charge was attempted and failed). */
const PAYABLE = ['open', 'uncollectible']

/**
 * "Pay now" for a failed installment of a recurring plan: Stripe is asked to pay the open invoice
 * (its outcome arrives as invoice.paid / invoice.payment_failed through the webhook, as for any
 * renewal); the sandbox confirms it by passing that invoice.paid event to the same processor.
 */
export async function payFailedInstallment(
  migration: Migration
): Promise<{ invoiceId: string; provider: string }> {
  const invoice = await Payment.query()
    .where('migration_id', migration.id)
    .whereNotNull('subscription_id')
    .where('paid', false)
    .whereIn('status', PAYABLE)
    .orderBy('created')
    .orderBy('id')
    .first()
  if (!invoice) throw new ApiError('There is no failed payment to pay', 409)
  const subscription = await Subscription.findOrFail(invoice.subscription_id)
  if (migration.payment_provider === 'stripe') {
    const stripe = stripeClient()
    if (!stripe)
      throw new ApiError(
        'Card payments are not available at the moment. Please try again later.',
        503
      )
    try {
      await stripe.invoices.pay(
        invoice.provider_payment_id,
        {},
        {
          idempotencyKey: `pay-now-${invoice.provider_payment_id}-${invoice.updated_at.toMillis()}`,
        }
      )
    } catch (error: any) {
      // A declined card: Stripe's own words, the invoice stays failed.
      throw new ApiError(error?.raw?.message ?? error?.message ?? 'The payment failed', 402)
    }
  } else {
    await processPaymentEvent(
      sandboxPaymentEvent(
        {
          migrationId: migration.id,
          reference: migration.migration_reference,
          memberId: migration.member_id_str,
          currency: migration.currency,
          amount: toCents(invoice.amount),
          paymentIntentId: `pi_sandbox_paynow_${invoice.id}`,
          customerId: migration.provider_customer_id,
          subscriptionId: subscription.provider_subscription_id,
        },
        new Date(),
        { id: invoice.provider_payment_id, billingReason: 'subscription_cycle' }
      )
    )
  }
  return { invoiceId: invoice.provider_payment_id, provider: migration.payment_provider }
}
