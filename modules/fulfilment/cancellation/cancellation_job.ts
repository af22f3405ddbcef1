import { DateTime } from 'luxon'
import { JOB_TYPES, Job, type JobHandler } from '#modules/jobs/index'
import { CoverageCancellation, coverageCancellation } from '#modules/payments/index'
import { sendCancellationConfirmation, sendMoneyAlert } from './cancellation_emails.js'
import { insurerCancellation } from '#modules/dunning/index'

/**
 * The work after a coverage was cancelled (payload { migrationId, cancellationId }): the insurer
 * is told (one cancellation call job per enrolled member, queued once whatever the number of
 * runs: its dedupe key is the call's Idempotency-Key), the refund at the provider (idempotency
 * key per refund row; a crash repeats it and the provider answers the same refund), then the
 * confirmation and the cancellation is complete. Each part is idempotent, so the queue's retries
 * and a restart after a crash converge on one refund and one call per member.
 */
export const coverageCancellationJob: JobHandler = {
  async run(payload) {
    await waitForRunningStep(Number(payload.migrationId))
    const requested = await CoverageCancellation.find(Number(payload.cancellationId))
    if (requested)
      await insurerCancellation.notify(
        requested.migration_id,
        requested.requested_by_kind === 'member' ? 'withdrawn' : 'cancelled'
      )
    const cancellation = await coverageCancellation.refundAtProvider(Number(payload.cancellationId))
    if (cancellation.status !== 'refunded') return
    await sendCancellationConfirmation(cancellation)
    await coverageCancellation.markCompleted(cancellation.id)
  },
}

/**
 * A coverage may be cancelled while its fulfilment runs (cancel_coverage.ts): a step started
 * before goes on (the next ones are not run), so the insurer is told once it has ended, and an
 * enrolment made by it is cancelled too. The job fails for now and the queue retries it later.
 */
async function waitForRunningStep(migrationId: number) {
  const running = await Job.query()
    .where('migration_id', migrationId)
    .where('type', JOB_TYPES.fulfilmentStep)
    .where('status', 'running')
    .where('locked_until', '>', DateTime.local().toFormat('yyyy-MM-dd HH:mm:ss'))
    .first()
  if (running) throw new Error('A fulfilment step of this migration is still running')
}

/** Tells the admin notification address of a refund or dispute seen at the provider (once per row and change). */
export const moneyAlertJob: JobHandler = {
  async run(payload) {
    await sendMoneyAlert({
      migrationId: Number(payload.migrationId),
      kind: String(payload.kind),
      rowId: Number(payload.rowId),
    })
  },
}
