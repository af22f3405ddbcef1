import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import type { JobHandler } from '#modules/jobs/index'
import { sendTemplatedEmail } from '#modules/notifications/index'
import { settingsService } from '#modules/settings/index'
import { loadMigrationContext, migrationEmailVariables } from '#modules/documents/index'
import { insurerCancellation } from './insurer_cancellation.js'
import { dunningCases } from './dunning_cases.js'

/** The delivery key of a migration's lapse alert: one email, whoever sends it. */
const lapseAlertKey = (migrationId: number) => `lapse-alert:${migrationId}`

/**
 * After a paid coverage lapsed (queued once by payments with the accepted `payment.lapsed`
 * outcome): the dunning ends (no more reminders), the insurer is told through the cancellation
 * call, the admin notification address gets one coverage_lapsed_alert. A failed send retries the
 * job; ending the cases and the alert are idempotent, the insurer call must be (insurer_cancellation.ts).
 */
export async function handleCoverageLapse(migrationId: number, now = DateTime.utc()) {
  await dunningCases.endLapsed(migrationId, now)
  const insurer = await insurerCancellation.notify(migrationId, 'lapsed')
  if (insurer.status === 'skipped')
    logger.warn({ migrationId }, `coverage lapsed: ${insurer.detail}`)
  const admin = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
  if (!admin) return { insurer, alert: null }
  const context = await loadMigrationContext(migrationId)
  const alert = await sendTemplatedEmail({
    type: 'coverage_lapsed_alert',
    to: admin,
    recipientSource: 'admin_setting',
    migrationId,
    once: true,
    deliveryKey: lapseAlertKey(migrationId),
    variables: {
      ...(await migrationEmailVariables(context)),
      lapse_reason: context.migration.failure_reason ?? '',
      insurer_notice: insurer.detail,
    },
  })
  return { insurer, alert }
}

export const coverageLapseJob: JobHandler = {
  async run(payload) {
    const { alert } = await handleCoverageLapse(Number(payload.migrationId))
    if (alert?.status === 'failed') throw new Error(alert.error)
    if (alert?.status === 'in_progress')
      throw new Error('The lapse alert is being sent by another worker')
  },
}
