import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { migrationOutcomes, toCents, type ReturnedPaymentStatus } from '#modules/shared/index'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import Payment from '../models/payment.js'

/** Refund rows that count as money given back: confirmed, or asked for and not refused. */
export const COUNTED_REFUND_STATUSES = ['pending', 'succeeded']
const OPEN_DISPUTE = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
]

/**
 * After a refund or dispute row changed: each payment row shows Refunded / Partially refunded
 * from the refunds attributed to it, and the migration's payment status is derived from all its
 * rows and reported through the outcome contract (the migration's status never changes here).
 * Derived from the rows each time, so a replayed or reordered event reports the same thing.
 */
export async function applyMoneyReturned(migrationId: number, trx: TransactionClientContract) {
  const payments = await Payment.query({ client: trx }).where('migration_id', migrationId)
  const refunds = await trx
    .from('payment_refunds')
    .where('migration_id', migrationId)
    .whereIn('status', COUNTED_REFUND_STATUSES)
    .select('payment_id', 'amount_cents')
  const disputes = await trx
    .from('payment_disputes')
    .where('migration_id', migrationId)
    .select('status')
  let charged = 0
  let returned = 0
  for (const payment of payments) {
    const cents = toCents(payment.amount)
    const wasPaid = payment.paid || ['refunded', 'partially_refunded'].includes(payment.status)
    if (!wasPaid) continue
    const refunded = refunds
      .filter((row) => Number(row.payment_id) === payment.id)
      .reduce((sum, row) => sum + Number(row.amount_cents), 0)
    // A refused payment given back before refund rows existed is refunded in full.
    const given = Math.max(refunded, payment.status === 'refunded' ? cents : 0)
    charged += cents
    returned += given
    const status = given >= cents ? 'refunded' : given > 0 ? 'partially_refunded' : payment.status
    if (status !== payment.status) {
      payment.useTransaction(trx)
      await payment.merge({ status, paid: status !== 'refunded' }).save()
    }
  }
  returned += refunds
    .filter((row) => row.payment_id === null)
    .reduce((sum, row) => sum + Number(row.amount_cents), 0)
  const paymentStatus = derivedStatus(
    charged,
    returned,
    disputes.map((row) => String(row.status))
  )
  if (charged === 0) return
  await migrationOutcomes.report(
    { type: 'payment.money_returned', migrationId, paymentStatus },
    trx
  )
}

function derivedStatus(
  charged: number,
  returned: number,
  disputes: string[]
): ReturnedPaymentStatus {
  if (disputes.includes('lost')) return 'dispute_lost'
  if (disputes.some((status) => OPEN_DISPUTE.includes(status))) return 'disputed'
  if (returned >= charged) return 'refunded'
  return returned > 0 ? 'partially_refunded' : 'succeeded'
}

/**
 * A refund recorded succeeded (made here or at the provider): its credit note is issued and
 * emailed once (fulfilment's job, docs/payments.md "Credit notes"), whatever replays follow.
 */
export async function queueCreditNote(
  refund: { id: number; migration_id: number | null },
  trx: TransactionClientContract
) {
  // The migration rides along so a job about a cleaned-away migration goes with it (jobs.migration_id).
  await jobQueue.enqueueOnce(
    JOB_TYPES.creditNote,
    { refundId: refund.id, migrationId: refund.migration_id },
    `credit_note:${refund.id}`,
    { trx }
  )
}
