import type { JobHandler } from '#modules/jobs/index'
import { coverageCancellation } from '#modules/payments/index'

/**
 * The work after a coverage was cancelled (payload { migrationId, cancellationId }): the refund
 * at the provider (idempotency key per refund row; a crash repeats it and the provider answers
 * the same refund), then the cancellation is complete. Each part is idempotent, so the queue's
 * retries and a restart after a crash converge on one refund.
 */
export const coverageCancellationJob: JobHandler = {
  async run(payload) {
    const cancellation = await coverageCancellation.refundAtProvider(Number(payload.cancellationId))
    if (cancellation.status === 'refunded') await coverageCancellation.markCompleted(cancellation.id)
  },
}
