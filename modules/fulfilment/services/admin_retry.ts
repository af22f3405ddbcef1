import { Migration } from '#modules/migrations/index'
import db from '@adonisjs/lucid/services/db'
import { ApiError, migrationOutcomes } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { STEP_STATUS_FIELD, SUCCESSFUL_OUTCOMES, type StepName } from '../steps/step_statuses.js'
import { STEP_RUNNERS } from './fulfilment_runner.js'

/** What the admin screens show for a retry (admin-backoffice.md §7-8). */
export interface RetryAnswer {
  success: boolean
  count: number
  error: string | null
}

/** The audit trail's names of the three admin actions. */
const RETRY_ACTIONS: Record<StepName, string> = {
  emails: 'migration.retry_emails',
  enrolment: 'migration.retry_api',
  documents: 'migration.regenerate_documents',
}

const NOTHING_TO_DO: Partial<Record<StepName, string>> = {
  enrolment: 'No enabled API configuration',
  documents: 'No document template matches this migration',
}

/**
 * Re-runs one fulfilment step of a paid migration for an administrator
 * without touching the other steps, then recomputes the overall status.
 * Documents and emails are produced again in full; enrolment calls only the
 * members not yet enrolled (it is idempotent per member, docs/enrolment.md).
 */
export async function retryStep(
  migrationId: number,
  step: StepName,
  actor: Actor
): Promise<RetryAnswer> {
  const migration = await Migration.find(migrationId)
  if (!migration) throw new ApiError('Migration not found', 404)
  if (migration.payment_status !== 'succeeded')
    throw new ApiError('The payment of this migration has not succeeded', 409)
  // Claimed with one conditional update, so two admins (or two clicks) never run a step twice at once;
  // the audit entry commits with the claim (the step's own writes follow, as the worker's do).
  await db.transaction(async (trx) => {
    const claim = await migrationOutcomes.report(
      { type: 'fulfilment.retry_claimed', migrationId: migration.id },
      trx
    )
    if (!claim.accepted) {
      throw new ApiError(
        'Fulfilment of this migration is still running. Try again in a moment.',
        409
      )
    }
    const field = STEP_STATUS_FIELD[step]
    await recordAudit(trx, {
      actor,
      action: RETRY_ACTIONS[step],
      entityType: 'migration',
      entityId: migration.id,
      before: { status: migration.status, [field]: migration[field] },
    })
  })

  let outcome: string | null = null
  try {
    const result = await STEP_RUNNERS[step](migration.id, { force: true })
    outcome = result.status
    const success = SUCCESSFUL_OUTCOMES.includes(result.status) && result.status !== 'skipped'
    const error =
      result.status === 'skipped' ? (NOTHING_TO_DO[step] ?? null) : result.errors.join('; ') || null
    return { success, count: result.count, error }
  } finally {
    // Whatever happened, the claim is released: the overall status is derived again from the steps.
    await db.transaction((trx) =>
      migrationOutcomes.report(
        { type: 'fulfilment.retry_finished', migrationId: migration.id, step, outcome },
        trx
      )
    )
  }
}
