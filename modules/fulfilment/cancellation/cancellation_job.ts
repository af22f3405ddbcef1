import type { JobHandler } from '#modules/jobs/index'
import { coverageCancellation } from '#modules/payments/index'
import { sendCancellationConfirmation, sendMoneyAlert } from './cancellation_emails.js'

/**
 * The work after a coverage was cancelled (payload { migrationId, cancellationId }): the refund
 * at the provider (idempotency key per refund row; a crash repeats it and the provider answers
 * the same refund), then the cancellation is complete. Each part is idempotent, so the queue's
 * retries and a restart after a crash converge on one refund.
 */
export const coverageCancellationJob: JobHandler = {
  async run(payload) {
    const cancellation = await coverageCancellation.refundAtProvider(Number(payload.cancellationId))
    if (cancellation.status !== 'refunded') return
    await sendCancellationConfirmation(cancellation)
    await coverageCancellation.markCompleted(cancellation.id)
  },
}

/** Tells the admin notification address of a refund or dispute seen at the provider (once per row and change). */
export const moneyAlertJob: JobHandler = {
  async run(payload) {
    await sendMoneyAlert({ migrationId: Number(payload.migrationId), kind: String(payload.kind), rowId: Number(payload.rowId) })
  },
}
