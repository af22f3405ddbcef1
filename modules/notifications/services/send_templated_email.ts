import logger from '@adonisjs/core/services/logger'
import EmailTemplate, { type EmailTemplateType } from '../models/email_template.js'
import EmailDelivery from '../models/email_delivery.js'
import { renderHtml, renderSubject, type TemplateVariables } from './render_template.js'
import { deliverEmail } from './mail_delivery.js'

export interface TemplatedEmail {
  type: EmailTemplateType
  to: string
  variables: TemplateVariables
  attachments?: { path: string; filename: string }[]
  /** Recorded on the delivery row; also the key for `once`. */
  migrationId?: number | null
  memberId?: number | null
  /** Skip when an email of this type for this migration and member was already handed to the transport. */
  once?: boolean
}

export type SendOutcome = { status: 'sent' | 'already_sent'; recipient: string } | { status: 'failed'; recipient: string; error: string }

/**
 * Renders the active template of a type and sends it, recording every
 * attempt in email_deliveries. A 'sending' row left by a crash counts as
 * sent for `once`: a member may miss an email (admins can retry) but never
 * gets it twice.
 */
export async function sendTemplatedEmail(email: TemplatedEmail): Promise<SendOutcome> {
  if (email.once && (await alreadySent(email))) return { status: 'already_sent', recipient: email.to }

  const template = await EmailTemplate.query().where('template_type', email.type).where('is_active', true).orderBy('updated_at', 'desc').first()
  if (!template) return { status: 'failed', recipient: email.to, error: `No active email template of type ${email.type}` }

  const subject = renderSubject(template.subject, email.variables)
  const delivery = await EmailDelivery.create({
    migration_id: email.migrationId ?? null,
    member_id: email.memberId ?? null,
    email_type: email.type,
    recipient: email.to,
    subject: subject.slice(0, 500),
    status: 'sending',
  })
  try {
    const messageId = await deliverEmail({ to: email.to, subject, html: renderHtml(template.html_content, email.variables), attachments: email.attachments })
    delivery.merge({ status: 'sent', message_id: messageId?.slice(0, 255) ?? null })
    await delivery.save()
    return { status: 'sent', recipient: email.to }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    logger.warn({ err: error, type: email.type, to: email.to }, 'email delivery failed')
    delivery.merge({ status: 'failed', error_message: message.slice(0, 1000) })
    await delivery.save()
    return { status: 'failed', recipient: email.to, error: message }
  }
}

async function alreadySent(email: TemplatedEmail) {
  const query = EmailDelivery.query().where('email_type', email.type).whereIn('status', ['sent', 'sending'])
  if (email.migrationId) query.where('migration_id', email.migrationId)
  else query.whereNull('migration_id')
  if (email.memberId) query.where('member_id', email.memberId)
  return !!(await query.first())
}
