import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { PaymentSubject as Migration } from '#modules/shared/index'
import { fromCents } from '#modules/shared/index'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import Payment from '../models/payment.js'
import { fromUnix, invoicePeriod } from '../webhooks/stripe_objects.js'
import { requireCents, requireCreated } from '../webhooks/unappliable_event.js'

type Loose = Record<string, any>

/**
 * The stored payment history (one row per invoice or one-time
 * PaymentIntent). A paid row is never turned back into an unpaid one by
 * a late failure event, and a refunded one never back into paid. An
 * amount or time that is missing is an UnappliableEvent, never NaN.
 */
export const paymentHistory = {
  async recordPaymentIntent(
    migration: Migration,
    intent: Loose,
    succeeded: boolean,
    trx: TransactionClientContract
  ) {
    await upsert(
      intent.id,
      {
        migration_id: migration.id,
        subscription_id: null,
        amount: fromCents(
          requireCents(
            intent,
            succeeded && intent.amount_received !== null && intent.amount_received !== undefined
              ? 'amount_received'
              : 'amount',
            'payment intent'
          )
        ),
        currency: String(intent.currency ?? migration.currency).toUpperCase(),
        status: succeeded ? 'succeeded' : 'failed',
        paid: succeeded,
        created: fromUnix(requireCreated(intent, 'payment intent'))!,
        period_start: null,
        period_end: null,
        hosted_invoice_url: null,
      },
      trx
    )
  },

  /** Records an invoice; true when this call is the one that recorded it paid. */
  async recordInvoice(
    migration: Migration,
    subscriptionId: number | null,
    invoice: Loose,
    trx: TransactionClientContract
  ): Promise<boolean> {
    const paid = invoice.status === 'paid'
    const period = invoicePeriod(invoice)
    return upsert(
      invoice.id,
      {
        migration_id: migration.id,
        subscription_id: subscriptionId,
        amount: fromCents(requireCents(invoice, paid ? 'amount_paid' : 'amount_due', 'invoice')),
        currency: String(invoice.currency ?? migration.currency).toUpperCase(),
        status: invoice.status ?? 'open',
        paid,
        created: fromUnix(requireCreated(invoice, 'invoice'))!,
        period_start: period.start,
        period_end: period.end,
        hosted_invoice_url: invoice.hosted_invoice_url ?? null,
      },
      trx
    )
  },

  /** A refused payment was given back: its rows stop counting as paid (revenue). */
  async markRefunded(migrationId: number, trx: TransactionClientContract) {
    const rows = await Payment.query({ client: trx })
      .where('migration_id', migrationId)
      .where('paid', true)
    for (const row of rows) {
      row.useTransaction(trx)
      row.merge({ status: 'refunded', paid: false })
      await row.save()
    }
  },

  /** A migration's payments, newest first. */
  async forMigration(migrationId: number) {
    return Payment.query()
      .where('migration_id', migrationId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
  },
}

/**
 * Writes a payment row; true when it is recorded as paid now and was not before. That write
 * queues the installment's receipt in the same transaction, once per payment row whatever
 * number of events report it (dedupe_key `receipt:<paymentId>`).
 */
async function upsert(
  providerPaymentId: string,
  values: Partial<Payment>,
  trx: TransactionClientContract
): Promise<boolean> {
  const existing = await Payment.query({ client: trx })
    .where('provider_payment_id', providerPaymentId)
    .first()
  if (!existing) {
    const created = await Payment.create(
      { provider_payment_id: providerPaymentId, ...values },
      { client: trx }
    )
    if (created.paid) await queueReceipt(created, trx)
    return created.paid
  }
  if ((existing.paid && !values.paid) || existing.status === 'refunded') return false
  const becamePaid = !existing.paid && Boolean(values.paid)
  existing.useTransaction(trx)
  existing.merge(values)
  await existing.save()
  if (becamePaid) await queueReceipt(existing, trx)
  return becamePaid
}

async function queueReceipt(payment: Payment, trx: TransactionClientContract) {
  await jobQueue.enqueueOnce(
    JOB_TYPES.paymentReceipt,
    { migrationId: payment.migration_id, paymentId: payment.id },
    `receipt:${payment.id}`,
    { trx }
  )
}
