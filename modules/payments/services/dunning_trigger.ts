import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { PaymentSubject } from '#modules/shared/index'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import Payment from '../models/payment.js'

/**
 * Queues the dunning of a failed installment in the event's transaction (the
 * job exists only if the failure was recorded). One job per payment row,
 * whatever number of failure events (retries, replays) arrive: the job's
 * dedupe_key `dunning:<paymentId>` is unique.
 */
export async function queueDunningOfFailedInstallment(
  migration: Pick<PaymentSubject, 'id'>,
  providerPaymentId: string,
  trx: TransactionClientContract
) {
  const payment = await Payment.query({ client: trx })
    .where('provider_payment_id', providerPaymentId)
    .first()
  if (!payment || payment.paid) return
  await jobQueue.enqueueOnce(
    JOB_TYPES.dunningFailure,
    { migrationId: migration.id, paymentId: payment.id },
    `dunning:${payment.id}`,
    { trx }
  )
}
