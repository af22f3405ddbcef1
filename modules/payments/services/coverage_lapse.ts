import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { migrationOutcomes, type PaymentSubject } from '#modules/shared/index'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import Payment from '../models/payment.js'

type Loose = Record<string, any>

/**
 * Why a subscription event means the provider gave up collecting (docs/payments.md, "Lapse"), or
 * null: the subscription turned `unpaid` (retries exhausted, invoices left open), or it was
 * cancelled after failed payments (Stripe says so in cancellation_details; a cancellation while an
 * installment of ours stays unpaid counts too). A plan that ended on schedule, or one cancelled
 * with every installment paid, did not lapse.
 */
export async function lapseReason(
  migration: PaymentSubject,
  object: Loose,
  trx: TransactionClientContract
): Promise<string | null> {
  if (migration.payment_status !== 'succeeded') return null
  if (object.status === 'unpaid')
    return 'The payment provider stopped retrying an unpaid installment (subscription unpaid): the coverage lapsed.'
  if (object.status !== 'canceled') return null
  const unpaid = await Payment.query({ client: trx })
    .where('migration_id', migration.id)
    .where('paid', false)
    .whereNot('status', 'void')
    .first()
  if (object.cancellation_details?.reason === 'payment_failed' || unpaid) {
    return 'The payment provider cancelled the subscription after failed payments: the coverage lapsed.'
  }
  return null
}

/**
 * Reports the lapse to the migrations module; only when it is accepted (the first give-up event of
 * a paid coverage, under the migration's row lock) one `coverage.lapsed` job is queued in the same
 * transaction (dedupe_key `lapse:<migrationId>`): it ends the dunning, alerts the admin and tells
 * the insurer. Replays and a second give-up event are refused and queue nothing.
 */
export async function recordLapse(
  migration: PaymentSubject,
  reason: string,
  trx: TransactionClientContract
) {
  const answer = await migrationOutcomes.report(
    { type: 'payment.lapsed', migrationId: migration.id, reason },
    trx
  )
  if (!answer.accepted) return false
  await jobQueue.enqueueOnce(
    JOB_TYPES.coverageLapsed,
    { migrationId: migration.id },
    `lapse:${migration.id}`,
    { trx }
  )
  return true
}
