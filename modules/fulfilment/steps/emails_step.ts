import { settingsService } from '#modules/settings/index'
import { resolveMemberRecipient, sendTemplatedEmail, type SendOutcome } from '#modules/notifications/index'
import type { MigrationContext } from '../services/migration_context.js'
import { migrationEmailVariables } from '../services/email_variables.js'
import { documentAttachments } from './documents_step.js'
import { outcomeOf } from './step_statuses.js'

/**
 * The confirmation to the member (documents attached) and the notification
 * to ADMIN_NOTIFICATION_EMAIL. An email already sent is not sent again
 * unless `force` (admin retry).
 */
export async function runEmails(context: MigrationContext, options: { force?: boolean } = {}) {
  const variables = await migrationEmailVariables(context)
  const outcomes: SendOutcome[] = []
  const errors: string[] = []

  const recipient = await resolveMemberRecipient(context.principal)
  if (recipient) {
    outcomes.push(
      await sendTemplatedEmail({
        type: 'migration_confirmation',
        to: recipient.address,
        variables,
        attachments: await documentAttachments(context.migration.id),
        migrationId: context.migration.id,
        memberId: context.principal.id,
        once: !options.force,
      })
    )
  } else {
    errors.push(`Member ${context.principal.member_id} has no email address`)
  }

  const admin = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
  if (admin) {
    outcomes.push(await sendTemplatedEmail({ type: 'admin_notification', to: admin, variables, migrationId: context.migration.id, once: !options.force }))
  }

  for (const outcome of outcomes) if (outcome.status === 'failed') errors.push(`${outcome.recipient}: ${outcome.error}`)
  const attempted = outcomes.length + (recipient ? 0 : 1)
  const sent = outcomes.filter((outcome) => outcome.status !== 'failed').length
  return { status: outcomeOf(sent, attempted, 'sent'), count: sent, errors }
}

/** The alert to the administrators when a subscription is cancelled before its end date (sent once). */
export async function sendCancellationAlert(context: MigrationContext) {
  const admin = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
  if (!admin) return null
  const variables = await migrationEmailVariables(context)
  return sendTemplatedEmail({ type: 'cancellation_alert', to: admin, variables, migrationId: context.migration.id, once: true })
}
