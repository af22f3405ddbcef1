import type { JobHandler } from '#modules/jobs/index'
import { sendCancellationAlert } from '../steps/emails_step.js'
import { loadMigrationContext } from '#modules/documents/index'

/** Sends the early-cancellation alert; a failed delivery makes the job retry later. */
export const cancellationAlertJob: JobHandler = {
  async run(payload) {
    const outcome = await sendCancellationAlert(await loadMigrationContext(payload.migrationId))
    if (outcome?.status === 'failed') throw new Error(outcome.error)
    if (outcome?.status === 'in_progress')
      throw new Error('The cancellation alert is being sent by another worker')
  },
}
