import logger from '@adonisjs/core/services/logger'
import { principalLanguageOf } from '#modules/members/index'
import { DEFAULT_LANGUAGE, languageOf, type Language } from '#modules/shared/index'
import EmailTemplate, { type EmailTemplateType } from '../models/email_template.js'
import { renderHtml, renderSubject, type TemplateVariables } from './render_template.js'
import { deliverEmail } from './mail_delivery.js'
import type { RecipientSource } from './recipient.js'
import {
  claimKeyedDelivery,
  DELIVERY_LEASE_MS,
  markHandOff,
  renewLease,
  settle,
  startDelivery,
  type DeliveryFields,
  type HeldDelivery,
} from './delivery_records.js'

export interface TemplatedEmail {
  type: EmailTemplateType
  to: string
  variables: TemplateVariables
  attachments?: { path: string; filename: string }[]
  /** Recorded on the delivery row; with the type and member also the key of `once`. */
  migrationId?: number | null
  memberId?: number | null
  /** One delivery for this type, migration and member: sent at most once, a crash picks it up again. */
  once?: boolean
  /** With `once`: an administrator's retry, which sends it again even if sent or unknown. */
  resend?: boolean
  /** With `once`: the delivery's own key instead of type:migration:member (a queued Resend row). */
  deliveryKey?: string
  /** Why `to` receives it, recorded on the delivery (shown to administrators). */
  recipientSource?: RecipientSource
  /**
   * The language of the version sent; by default the member's principal's (members.language)
   * for an email to a member, English for the administrators' emails.
   */
  language?: Language
}

/** The language an email is written in (docs/shop.md "Languages — server side"). */
async function languageOfEmail(email: TemplatedEmail): Promise<Language> {
  if (email.language) return email.language
  if (email.recipientSource === 'admin_setting' || !email.memberId) return DEFAULT_LANGUAGE
  return languageOf(await principalLanguageOf(email.memberId))
}

/** The active version of a type in a language; English when that language has none. */
export async function activeTemplateOf(type: EmailTemplateType, language: Language) {
  const active = (lang: string) =>
    EmailTemplate.query()
      .where('template_type', type)
      .where('language', lang)
      .where('is_active', true)
      .orderBy('updated_at', 'desc')
      .first()
  return (
    (language !== DEFAULT_LANGUAGE ? await active(language) : null) ??
    (await active(DEFAULT_LANGUAGE))
  )
}

/**
 * sent / already_sent: the server accepted it. unknown: a sender stopped
 * after the hand-off began (needs attention). in_progress: another sender
 * holds it right now.
 */
export type SendOutcome =
  | { status: 'sent' | 'already_sent' | 'unknown' | 'in_progress'; recipient: string }
  | { status: 'failed'; recipient: string; error: string }

/**
 * Renders the active template of a type and sends it through a durable
 * email_deliveries row (delivery_records.ts): held under a lease, the
 * hand-off to the server recorded before the message ends, the outcome
 * settled on the row.
 */
export async function sendTemplatedEmail(email: TemplatedEmail): Promise<SendOutcome> {
  const template = await activeTemplateOf(email.type, await languageOfEmail(email))
  if (!template)
    return {
      status: 'failed',
      recipient: email.to,
      error: `No active email template of type ${email.type}`,
    }

  const subject = renderSubject(template.subject, email.variables)
  const fields: DeliveryFields = {
    email_type: email.type,
    migration_id: email.migrationId ?? null,
    member_id: email.memberId ?? null,
    recipient: email.to,
    subject: subject.slice(0, 500),
    recipient_source: email.recipientSource ?? null,
    attachments: JSON.stringify((email.attachments ?? []).map((file) => file.filename)),
  }
  let held: HeldDelivery
  if (email.once) {
    const claim = await claimKeyedDelivery(email.deliveryKey ?? deliveryKey(email), fields, {
      resend: email.resend,
    })
    if (!('held' in claim)) return { status: claim.state, recipient: email.to }
    held = claim.held
  } else {
    held = await startDelivery(fields)
  }
  return sendHeld(held, {
    to: email.to,
    subject,
    html: renderHtml(template.html_content, email.variables),
    attachments: email.attachments,
  })
}

export async function sendHeld(
  held: HeldDelivery,
  message: Parameters<typeof deliverEmail>[0]
): Promise<SendOutcome> {
  const renew = setInterval(() => void renewLease(held).catch(() => {}), DELIVERY_LEASE_MS / 3)
  let handedOff = false
  try {
    const messageId = await deliverEmail(message, async () => {
      await markHandOff(held)
      handedOff = true
    })
    await settle(held, { status: 'sent', message_id: messageId })
    return { status: 'sent', recipient: message.to }
  } catch (error: any) {
    const text = error instanceof Error ? error.message : String(error)
    // After the hand-off began, only an answer of the server proves it refused the message.
    const unknown = handedOff && !error?.responseCode
    logger.warn({ err: error, to: message.to, unknown }, 'email delivery failed')
    await settle(held, { status: unknown ? 'unknown' : 'failed', error_message: text })
    return unknown
      ? { status: 'unknown', recipient: message.to }
      : { status: 'failed', recipient: message.to, error: text }
  } finally {
    clearInterval(renew)
  }
}

/** type:migration:member — one row per email that is sent once. */
function deliveryKey(email: TemplatedEmail) {
  return `${email.type}:${email.migrationId ?? '-'}:${email.memberId ?? '-'}`
}
