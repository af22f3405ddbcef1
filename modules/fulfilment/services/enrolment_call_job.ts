import db from '@adonisjs/lucid/services/db'
import type { JobHandler } from '#modules/jobs/index'
import { Migration } from '#modules/migrations/index'
import { migrationOutcomes } from '#modules/shared/index'
import { enrolmentOutcome, enrolOneAgain } from '../steps/enrolment_step.js'
import { loadMigrationContext } from '#modules/documents/index'

/**
 * The retries of one failed insurer call (payload { migrationId, configId, memberId }), with the
 * call's own Idempotency-Key. A failed call throws, so the queue retries it with a growing delay
 * and, when its attempts are used up, leaves it `failed`: the dead letter an administrator replays.
 */
export const enrolmentCallJob: JobHandler = {
  async run(payload) {
    if (!(await Migration.find(payload.migrationId))) return
    const error = await enrolOneAgain(
      await loadMigrationContext(payload.migrationId),
      Number(payload.configId),
      Number(payload.memberId)
    )
    if (error) throw new Error(error)
    await refreshEnrolmentStatus(payload.migrationId)
  },
}

/**
 * After a late success, the migration's api_status (and so its overall status) says what is
 * now true. Reported with the statuses read: the migration applies it as one conditional UPDATE,
 * which changes nothing while a step or an admin retry runs (processing), or when another writer
 * changed the row meanwhile.
 */
async function refreshEnrolmentStatus(migrationId: number) {
  const migration = await Migration.find(migrationId)
  if (
    !migration ||
    migration.status === 'processing' ||
    !['partial', 'failed'].includes(migration.api_status)
  )
    return
  const apiStatus = await enrolmentOutcome(await loadMigrationContext(migrationId))
  if (apiStatus === migration.api_status) return
  const seen = {
    status: migration.status,
    api_status: migration.api_status,
    document_status: migration.document_status,
    email_status: migration.email_status,
  }
  await db.transaction((trx) =>
    migrationOutcomes.report(
      { type: 'fulfilment.enrolment_settled', migrationId, apiStatus, seen },
      trx
    )
  )
}
