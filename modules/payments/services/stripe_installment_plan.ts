import type Stripe from 'stripe'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import {
  isoDate,
  migrationOutcomes,
  toCents,
  type PaymentSubject as Migration,
  type PlannedInstallment,
} from '#modules/shared/index'
import Payment from '../models/payment.js'
import type Subscription from '../models/subscription.js'
import { periodBoundary } from '../providers/stripe_plan.js'
import { stripeClient } from './stripe_client.js'

/**
 * Keeps a Stripe installment subscription on its stored schedule as its invoices are paid
 * (providers/stripe_plan.ts). Called once per invoice, when it is first recorded paid:
 * - after the first payment, a plan that started today gets its end: cancel_at on the billing
 *   period boundary after the last installment, computed from Stripe's own cycle anchor (the
 *   creation time, known only once the subscription exists);
 * - after payment n − 1, the last installment's difference from the regular one (a
 *   reconciliation or a rounding remainder, possibly negative) is added as a pending invoice item
 *   of the subscription, so it joins the next, last, invoice.
 * Both calls carry idempotency keys; inside the event's transaction, a failure makes the event
 * fail and Stripe deliver it again.
 */
export async function followInstallmentPlan(
  migration: Migration,
  subscription: Subscription,
  trx: TransactionClientContract
) {
  if (migration.payment_provider !== 'stripe') return
  const installments = await migrationOutcomes.reads.installments(migration.id, trx)
  if (installments.length < 2) return
  const stripe = stripeClient()
  if (!stripe)
    throw new Error(
      `Stripe is not configured: cannot follow the installment plan of migration ${migration.id}`
    )
  const paidCount = await paidInvoices(subscription, trx)
  const startsLater = isoDate(migration.start_date)! > isoDate(installments[0].due_date)!
  if (paidCount === 1 && !startsLater)
    await setPlanEnd(stripe, migration, subscription, installments.length)
  if (paidCount === installments.length - 1)
    await addFinalAdjustment(stripe, migration, subscription, installments)
}

async function paidInvoices(subscription: Subscription, trx: TransactionClientContract) {
  const [row] = await Payment.query({ client: trx })
    .where('subscription_id', subscription.id)
    .where('paid', true)
    .count('* as total')
  return Number(row.$extras.total)
}

/** cancel_at = Stripe's anchor + n periods: the boundary right after the last installment, so no further invoice and no proration. */
async function setPlanEnd(
  stripe: Stripe,
  migration: Migration,
  subscription: Subscription,
  count: number
) {
  const remote = await stripe.subscriptions.retrieve(subscription.provider_subscription_id)
  if (remote.metadata?.plan_ends_at) return
  const periodMonths = remote.items.data[0]?.price?.recurring?.interval_count
  if (!periodMonths) throw new Error(`Stripe subscription ${remote.id} has no recurring price`)
  const cancelAt = periodBoundary(remote.billing_cycle_anchor, count * periodMonths)
  await stripe.subscriptions.update(
    remote.id,
    {
      cancel_at: cancelAt,
      proration_behavior: 'none',
      metadata: { plan_ends_at: String(cancelAt) },
    },
    { idempotencyKey: `migration-${migration.id}-plan-end` }
  )
  logger.info({ migrationId: migration.id, cancelAt }, 'installment plan end set at Stripe')
}

/** The last installment − the regular one, as an invoice item that joins the subscription's next (last) invoice. */
async function addFinalAdjustment(
  stripe: Stripe,
  migration: Migration,
  subscription: Subscription,
  installments: PlannedInstallment[]
) {
  const last = installments[installments.length - 1]
  const difference = toCents(last.amount) - toCents(installments[0].amount)
  if (difference === 0) return
  const kind = last.is_reconciliation
    ? 'reconciliation for the final partial period'
    : 'rounding remainder'
  await stripe.invoiceItems.create(
    {
      customer: migration.provider_customer_id!,
      subscription: subscription.provider_subscription_id,
      currency: migration.currency.toLowerCase(),
      amount: difference,
      description: `Final installment ${last.payment_number} of ${migration.migration_reference}: ${kind}`,
      metadata: { migration_id: String(migration.id), installment: String(last.payment_number) },
    },
    { idempotencyKey: `migration-${migration.id}-final-installment` }
  )
  logger.info(
    { migrationId: migration.id, difference },
    'final installment adjustment added at Stripe'
  )
}
