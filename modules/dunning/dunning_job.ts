import { DateTime } from 'luxon'
import type { JobHandler } from '#modules/jobs/index'
import { Migration } from '#modules/migrations/index'
import { Payment } from '#modules/payments/index'
import { dunningCases } from './dunning_cases.js'
import { sendDunningNotice } from './dunning_notices.js'

/**
 * Opens the dunning of a failed installment (its failure time is now) and
 * sends the failure email with its Pay-now link. Queued by the payments
 * module in the failure event's transaction (dedupe_key `dunning:<paymentId>`);
 * a failed send makes the job retry, a paid installment ends it.
 */
async function openDunning(paymentId: number, now = DateTime.utc()) {
  const payment = await Payment.find(paymentId)
  if (!payment || payment.paid) return 'paid' as const
  const migration = await Migration.findOrFail(payment.migration_id)
  // The provider gave up before this job ran: the lapse, not a Pay-now email, is what happened.
  if (migration.payment_status === 'lapsed') return 'ended' as const
  const dunning = await dunningCases.open({
    paymentId,
    migrationId: migration.id,
    memberId: migration.member_id,
    failedAt: now,
  })
  if (dunning.stage >= 1) return 'already_sent' as const
  return sendDunningNotice(dunning, 1, now)
}

export const dunningFailureJob: JobHandler = {
  async run(payload) {
    const outcome = await openDunning(Number(payload.paymentId))
    if (typeof outcome === 'object') throw new Error(outcome.failed)
    if (outcome === 'busy')
      throw new Error('The payment-failed email is being sent by another worker')
  },
}
