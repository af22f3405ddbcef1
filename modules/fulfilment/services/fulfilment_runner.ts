import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import { Migration } from '#modules/migrations/index'
import { migrationOutcomes } from '#modules/shared/index'
import { jobQueue, JOB_TYPES, type Job, type JobHandler } from '#modules/jobs/index'
import {
  STEPS,
  STEP_STATUS_FIELD,
  FINISHED_OUTCOMES,
  type StepName,
} from '../steps/step_statuses.js'
import { runEnrolment } from '../steps/enrolment_step.js'
import { runDocuments } from '../steps/documents_step.js'
import { runEmails } from '../steps/emails_step.js'
import { loadMigrationContext } from '#modules/documents/index'

export interface StepResult {
  status: string
  count: number
  errors: string[]
}

export const STEP_RUNNERS: Record<
  StepName,
  (migrationId: number, options: { force?: boolean }) => Promise<StepResult>
> = {
  enrolment: async (id) => runEnrolment(await loadMigrationContext(id)),
  documents: async (id, options) => runDocuments(await loadMigrationContext(id), options),
  emails: async (id, options) => runEmails(await loadMigrationContext(id), options),
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'fulfilment:step_finished': { migrationId: number; step: StepName; status: string }
  }
}

/**
 * The fulfilment job: runs one step of a processing migration, then, in one
 * transaction, stores its outcome, marks the job done and queues the next
 * step (or sets the final status). A crash mid-step re-runs that step
 * (steps are idempotent); a crash between steps resumes at the next one.
 */
export const fulfilmentStepJob: JobHandler = {
  async run(payload, job) {
    const step: StepName = STEPS.includes(payload.step) ? payload.step : STEPS[0]
    const migration = await Migration.find(payload.migrationId)
    if (!migration || migration.status !== 'processing') return

    const field = STEP_STATUS_FIELD[step]
    let outcome = migration[field]
    if (!FINISHED_OUTCOMES.includes(outcome)) {
      await db.transaction((trx) =>
        migrationOutcomes.report(
          { type: 'fulfilment.step_started', migrationId: migration.id, step },
          trx
        )
      )
      outcome = (await STEP_RUNNERS[step](migration.id, {})).status
    }
    await finishStep(migration.id, step, outcome, job)
  },

  /** The step kept crashing: record it as failed and carry on, so the migration never stays processing. */
  async onGaveUp(payload) {
    const step: StepName = STEPS.includes(payload.step) ? payload.step : STEPS[0]
    await finishStep(payload.migrationId, step, 'failed')
  },
}

async function finishStep(migrationId: number, step: StepName, outcome: string, job?: Job) {
  await db.transaction(async (trx) => {
    // The migration records the outcome (and, after the last step, its overall status).
    await migrationOutcomes.report(
      { type: 'fulfilment.step_finished', migrationId, step, outcome },
      trx
    )
    const next = STEPS[STEPS.indexOf(step) + 1]
    if (next) await jobQueue.enqueue(JOB_TYPES.fulfilmentStep, { migrationId, step: next }, { trx })
    if (job) await jobQueue.markDone(job, trx)
  })
  await emitter.emit('fulfilment:step_finished', { migrationId, step, status: outcome })
}
