import { settingsService } from '#modules/settings/index'
import { languageOf, translator, type Language } from '#modules/shared/index'
import {
  activeTemplateOf,
  resolveMemberRecipient,
  sendTemplatedEmail,
  type SendOutcome,
} from '#modules/notifications/index'
import { type MigrationContext, migrationEmailVariables } from '#modules/documents/index'
import { documentAttachments } from './documents_step.js'
import { outcomeOf } from './step_statuses.js'

/** What the confirmation says about its attachments: only the truth ({{documents_notice}}). */
export function documentsNotice(attachmentCount: number, language: Language = 'en') {
  if (attachmentCount === 0) return ''
  if (language !== 'en')
    return translator(language).t('emails.variables.documents', { count: attachmentCount })
  return attachmentCount === 1
    ? 'Your policy document is attached to this email.'
    : `Your ${attachmentCount} policy documents are attached to this email.`
}

/**
 * The confirmation to the member (with the documents that exist) and the
 * notification to ADMIN_NOTIFICATION_EMAIL, each one durable delivery sent
 * once; `force` (admin retry) sends them again. Email status: `sent` only
 * when every delivery is sent; `unknown` when one may or may not have
 * reached the server; else partial / failed.
 */
export async function runEmails(context: MigrationContext, options: { force?: boolean } = {}) {
  const variables = await migrationEmailVariables(context)
  const outcomes: SendOutcome[] = []
  const errors: string[] = []
  const once = { once: true, resend: !!options.force, migrationId: context.migration.id }

  const recipient = await resolveMemberRecipient(context.principal)
  if (recipient) {
    // The member's confirmation in the principal's language (English until known, or when that
    // language has no active version: then the English words around English variables).
    const template = await activeTemplateOf('migration_confirmation', context.language)
    const language = languageOf(template?.language)
    const memberVariables =
      language === 'en' ? variables : await migrationEmailVariables(context, language)
    const attachments = await documentAttachments(context.migration.id)
    outcomes.push(
      await sendTemplatedEmail({
        ...once,
        type: 'migration_confirmation',
        to: recipient.address,
        language,
        variables: {
          ...memberVariables,
          documents_notice: documentsNotice(attachments.length, language),
        },
        attachments,
        memberId: context.principal.id,
        recipientSource: recipient.source,
      })
    )
  } else {
    errors.push(`Member ${context.principal.member_id} has no email address`)
  }

  const admin = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
  if (admin) {
    outcomes.push(
      await sendTemplatedEmail({
        ...once,
        type: 'admin_notification',
        to: admin,
        variables,
        recipientSource: 'admin_setting',
      })
    )
  }

  // Another sender holds a delivery right now: fail this run, the job retries it later.
  const busy = outcomes.find((outcome) => outcome.status === 'in_progress')
  if (busy) throw new Error(`The email to ${busy.recipient} is being sent by another worker`)

  for (const outcome of outcomes) {
    if (outcome.status === 'failed') errors.push(`${outcome.recipient}: ${outcome.error}`)
    if (outcome.status === 'unknown')
      errors.push(
        `${outcome.recipient}: delivery unknown (the sender stopped during the hand-off to the mail server)`
      )
  }
  const attempted = outcomes.length + (recipient ? 0 : 1)
  const sent = outcomes.filter(
    (outcome) => outcome.status === 'sent' || outcome.status === 'already_sent'
  ).length
  const status = outcomes.some((outcome) => outcome.status === 'unknown')
    ? 'unknown'
    : outcomeOf(sent, attempted, 'sent')
  return { status, count: sent, errors }
}

/** The alert to the administrators when a subscription is cancelled before its end date (sent once). */
export async function sendCancellationAlert(context: MigrationContext) {
  const admin = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
  if (!admin) return null
  const variables = await migrationEmailVariables(context)
  return sendTemplatedEmail({
    type: 'cancellation_alert',
    to: admin,
    variables,
    migrationId: context.migration.id,
    once: true,
    recipientSource: 'admin_setting',
  })
}
