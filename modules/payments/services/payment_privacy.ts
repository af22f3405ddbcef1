import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { fromCents, scrubbedColumns, type Cents } from '#modules/shared/index'
import Payment from '../models/payment.js'
import PaymentRefund from '../models/payment_refund.js'
import CoverageCancellation from '../models/coverage_cancellation.js'

const iso = (value: { toISO(): string | null } | null | undefined) => value?.toISO() ?? null

/** What payments holds about a family's migrations, for "Download my data". */
export async function paymentDataOf(migrationIds: number[]) {
  const [payments, refunds, cancellations] = await Promise.all([
    Payment.query().whereIn('migration_id', migrationIds).orderBy('id'),
    PaymentRefund.query().whereIn('migration_id', migrationIds).orderBy('id'),
    CoverageCancellation.query().whereIn('migration_id', migrationIds).orderBy('id'),
  ])
  return {
    payments: payments.map((payment) => ({
      migration_id: payment.migration_id,
      provider_payment_id: payment.provider_payment_id,
      amount: Number(payment.amount),
      currency: payment.currency,
      status: payment.status,
      paid_at: iso(payment.created),
      card: payment.card_brand
        ? `${payment.card_brand} ${payment.card_last_four ?? ''}`.trim()
        : null,
    })),
    refunds: refunds.map((refund) => ({
      migration_id: refund.migration_id,
      amount: fromCents(Number(refund.amount_cents) as Cents),
      currency: refund.currency,
      status: refund.status,
      reason: refund.reason,
      refunded_at: iso(refund.refunded_at),
    })),
    cancellations: cancellations.map((cancellation) => ({
      migration_id: cancellation.migration_id,
      requested_by: cancellation.requested_by_kind,
      reason: cancellation.reason,
      effective_on: cancellation.effective_on?.toISODate() ?? null,
      refund: fromCents(Number(cancellation.refund_cents) as Cents),
      currency: cancellation.currency,
      status: cancellation.status,
    })),
  }
}

/**
 * Erasure (docs/privacy.md): payments, refunds and cancellations are kept for accounting; only
 * the personal texts in their free-text reasons are replaced.
 */
export async function erasePaymentTexts(
  trx: TransactionClientContract,
  migrationIds: number[],
  texts: string[]
) {
  if (migrationIds.length === 0) return
  await PaymentRefund.query({ client: trx })
    .whereIn('migration_id', migrationIds)
    .update(scrubbedColumns(['reason'], texts))
  await CoverageCancellation.query({ client: trx })
    .whereIn('migration_id', migrationIds)
    .update(scrubbedColumns(['reason'], texts))
}
