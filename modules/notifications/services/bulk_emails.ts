import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { insertRows, type Language } from '#modules/shared/index'
import type { EmailTemplateType } from '../models/email_template.js'
import { renderHtml, renderSubject, type TemplateVariables } from './render_template.js'
import { DELIVERY_LEASE_MS, type HeldDelivery } from './delivery_records.js'
import type { RecipientSource } from './recipient.js'
import { activeTemplateOf, sendHeld, type SendOutcome } from './send_templated_email.js'

/** One email of a batch to members (invitations, reminders): an email that may repeat. */
export interface BatchEmail {
  type: EmailTemplateType
  to: string
  memberId: number
  recipientSource: RecipientSource | null
  language: Language
  variables: TemplateVariables
}

/** The active templates of a batch's types and languages (batchTemplates). */
export type BatchTemplates = Map<string, Awaited<ReturnType<typeof activeTemplateOf>>>

/**
 * The active template of each type in each language, read before the batch's transaction (on
 * SQLite's one connection a read outside it would wait for it).
 */
export async function batchTemplates(
  types: EmailTemplateType[],
  languages: Language[]
): Promise<BatchTemplates> {
  const templates: BatchTemplates = new Map()
  for (const type of new Set(types))
    for (const language of new Set(languages))
      templates.set(`${type}:${language}`, await activeTemplateOf(type, language))
  return templates
}

/** An email of the batch, rendered and held by this sender (its row `sending`), ready to send. */
export interface RecordedEmail {
  memberId: number
  held: HeldDelivery
  to: string
  subject: string
  html: string
}

const COLUMNS = [
  'email_type',
  'member_id',
  'recipient',
  'subject',
  'recipient_source',
  'attachments',
  'status',
  'attempts',
  'lease_until',
  'created_at',
  'updated_at',
]

/**
 * Renders a batch of emails and records them in one multi-row INSERT, in the caller's
 * transaction, each row `sending` and held by this sender (attempts 1, a lease); sendRecorded
 * then sends each. A member's email whose type has no active template is not recorded: it is in
 * `refused` with the reason. The caller keeps any other `sending` row of the same type and members
 * out of the batch (under its row locks), so each member's new row is found by type and member.
 */
export async function recordBatchEmails(
  trx: TransactionClientContract,
  emails: BatchEmail[],
  templates: BatchTemplates
): Promise<{ recorded: RecordedEmail[]; refused: { memberId: number; error: string }[] }> {
  const templateOf = (type: EmailTemplateType, language: Language) =>
    templates.get(`${type}:${language}`) ?? null
  const rendered: (Omit<RecordedEmail, 'held'> & { type: string; source: string | null })[] = []
  const refused: { memberId: number; error: string }[] = []
  for (const email of emails) {
    const template = templateOf(email.type, email.language)
    if (!template) {
      refused.push({
        memberId: email.memberId,
        error: `No active email template of type ${email.type}`,
      })
      continue
    }
    rendered.push({
      memberId: email.memberId,
      type: email.type,
      to: email.to,
      source: email.recipientSource,
      subject: renderSubject(template.subject, email.variables).slice(0, 500),
      html: renderHtml(template.html_content, email.variables),
    })
  }
  if (rendered.length === 0) return { recorded: [], refused }
  const format = (value: DateTime) => value.toFormat('yyyy-MM-dd HH:mm:ss')
  const now = format(DateTime.local())
  const lease = format(DateTime.local().plus({ milliseconds: DELIVERY_LEASE_MS }))
  await insertRows(
    trx,
    'email_deliveries',
    COLUMNS,
    rendered.map((email) => [
      email.type,
      email.memberId,
      email.to,
      email.subject,
      email.source,
      '[]',
      'sending',
      1,
      lease,
      now,
      now,
    ])
  )
  const rows = await trx
    .from('email_deliveries')
    .whereIn('member_id', [...new Set(rendered.map((email) => email.memberId))])
    .whereIn('email_type', [...new Set(rendered.map((email) => email.type))])
    .where('status', 'sending')
    .select('id', 'member_id', 'email_type')
  const idOf = new Map(rows.map((row) => [`${row.email_type}:${row.member_id}`, Number(row.id)]))
  return {
    recorded: rendered.map(({ memberId, type, to, subject, html }) => ({
      memberId,
      held: { id: idOf.get(`${type}:${memberId}`)!, token: 1 },
      to,
      subject,
      html,
    })),
    refused,
  }
}

/** Sends one email of recordBatchEmails (hand-off recorded, outcome settled on its row). */
export function sendRecorded(email: RecordedEmail): Promise<SendOutcome> {
  return sendHeld(email.held, { to: email.to, subject: email.subject, html: email.html })
}
