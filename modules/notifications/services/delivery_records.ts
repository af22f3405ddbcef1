import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import EmailDelivery from '../models/email_delivery.js'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { EmailDeliveryRow } from '../answer_schemas.js'
import type { RecipientSource } from './recipient.js'

/**
 * The life cycle of an email_deliveries row. Every change is a conditional
 * UPDATE on the row; `attempts` is the fencing token: a sender that lost its
 * lease (and so its row) to another can no longer write it.
 */

/** How long a sender holds a delivery; renewed every third of it while the send runs. */
export const DELIVERY_LEASE_MS = 60_000

/** Both dialects store timestamps as local 'yyyy-MM-dd HH:mm:ss' (Lucid's format). */
function sqlTime(value: DateTime = DateTime.local()) {
  return value.toFormat('yyyy-MM-dd HH:mm:ss')
}

const HANDED_OFF_THEN_STOPPED =
  'The sender stopped after the hand-off to the mail server began; delivery unknown'

function leaseEnd() {
  return sqlTime(DateTime.local().plus({ milliseconds: DELIVERY_LEASE_MS }))
}

function affected(result: unknown) {
  return Number(Array.isArray(result) ? result[0] : result)
}

export interface DeliveryFields {
  email_type: string
  migration_id: number | null
  member_id: number | null
  recipient: string
  subject: string
  /** Why this recipient (RecipientSource); null when the caller does not say. */
  recipient_source?: string | null
  /** JSON array of attached file names. */
  attachments?: string | null
}

/** A delivery this sender now holds, with its fencing token. */
export interface HeldDelivery {
  id: number
  token: number
}

export type ClaimResult =
  | { held: HeldDelivery }
  | { state: 'already_sent' | 'unknown' | 'in_progress' }

/** A delivery that may repeat (invitations): a new row, held at once. */
export async function startDelivery(fields: DeliveryFields): Promise<HeldDelivery> {
  const row = await EmailDelivery.create({
    ...fields,
    status: 'sending',
    attempts: 1,
    lease_until: DateTime.local().plus({ milliseconds: DELIVERY_LEASE_MS }),
  })
  return { id: row.id, token: 1 }
}

/**
 * Takes up the one delivery of a keyed email (created on first use; the
 * unique key makes two racing senders share it). It is taken when queued or
 * failed, or left `sending` by a sender whose lease ran out before the
 * hand-off began (provably never handed to the server). A lapsed sender that
 * had begun the hand-off leaves it `unknown`. `resend` (an administrator's
 * retry) also takes a sent or unknown one.
 */
export async function claimKeyedDelivery(
  key: string,
  fields: DeliveryFields,
  options: { resend?: boolean } = {}
): Promise<ClaimResult> {
  await createOnce(key, fields)
  const now = sqlTime()
  const retaken = await EmailDelivery.query()
    .where('dedupe_key', key)
    .where((query) => {
      query
        .whereIn(
          'status',
          options.resend ? ['queued', 'failed', 'sent', 'unknown'] : ['queued', 'failed']
        )
        .orWhere((lapsed) => {
          lapsed.where('status', 'sending').where('lease_until', '<', now)
          if (!options.resend) lapsed.whereNull('handed_off_at')
        })
    })
    .update({
      ...fields,
      status: 'sending',
      attempts: db.knexRawQuery('attempts + 1'),
      lease_until: leaseEnd(),
      handed_off_at: null,
      error_message: null,
      updated_at: now,
    })
  const row = await EmailDelivery.query().where('dedupe_key', key).firstOrFail()
  if (affected(retaken) === 1) return { held: { id: row.id, token: row.attempts } }

  if (row.status === 'sent') return { state: 'already_sent' }
  if (row.status === 'sending' && row.lease_until && row.lease_until < DateTime.local()) {
    await settle(
      { id: row.id, token: row.attempts },
      { status: 'unknown', error_message: HANDED_OFF_THEN_STOPPED }
    )
    return { state: 'unknown' }
  }
  return { state: row.status === 'unknown' ? 'unknown' : 'in_progress' }
}

async function createOnce(key: string, fields: DeliveryFields) {
  if (await EmailDelivery.findBy('dedupe_key', key)) return
  try {
    await EmailDelivery.create({ ...fields, dedupe_key: key, status: 'queued', attempts: 0 })
  } catch (error: any) {
    // Another sender created it a moment ago: the unique key keeps one row.
    if (!/ER_DUP_ENTRY|SQLITE_CONSTRAINT/.test(String(error?.code))) throw error
  }
}

/** Keeps the lease while the send runs. */
export async function renewLease(held: HeldDelivery) {
  await EmailDelivery.query()
    .where('id', held.id)
    .where('status', 'sending')
    .where('attempts', held.token)
    .update({ lease_until: leaseEnd() })
}

/**
 * Recorded just before the end of the message goes to the server (the
 * moment it may accept it). Throws when this sender no longer holds the
 * row, so the message is abandoned before the server could accept it.
 */
export async function markHandOff(held: HeldDelivery) {
  const now = sqlTime()
  const marked = await EmailDelivery.query()
    .where('id', held.id)
    .where('status', 'sending')
    .where('attempts', held.token)
    .update({ handed_off_at: now, updated_at: now })
  if (affected(marked) !== 1) throw new Error('This delivery was taken over by another sender')
}

/** The outcome of this sender's attempt (ignored when the row was taken over meanwhile). */
export async function settle(
  held: HeldDelivery,
  outcome: {
    status: 'sent' | 'failed' | 'unknown'
    message_id?: string | null
    error_message?: string | null
  }
) {
  return EmailDelivery.query()
    .where('id', held.id)
    .where('status', 'sending')
    .where('attempts', held.token)
    .update({
      status: outcome.status,
      message_id: outcome.message_id?.slice(0, 255) ?? null,
      error_message: outcome.error_message?.slice(0, 1000) ?? null,
      lease_until: null,
      updated_at: sqlTime(),
    })
}

/** not delivered (failed), maybe delivered (unknown), or held by a sender whose lease ran out and that nothing has taken up yet. */
function needsAttention(row: EmailDelivery, now: DateTime) {
  return (
    row.status === 'failed' ||
    row.status === 'unknown' ||
    (row.status === 'sending' && !!row.lease_until && row.lease_until < now)
  )
}

function attachmentNames(stored: string | null): string[] | null {
  if (stored === null) return null
  try {
    const names = JSON.parse(stored)
    return Array.isArray(names) ? names.map(String) : null
  } catch {
    return null
  }
}

/** A delivery as the back-office shows it. */
export function presentDelivery(
  row: EmailDelivery,
  resentAs: number | null = null,
  now = DateTime.local()
): EmailDeliveryRow {
  return {
    id: row.id,
    email_type: row.email_type,
    recipient: row.recipient,
    recipient_source: row.recipient_source ?? null,
    status: row.status,
    attempts: row.attempts,
    error_message: row.error_message ?? null,
    attachments: attachmentNames(row.attachments ?? null),
    resend_of: row.resend_of ?? null,
    resent_as: resentAs,
    needs_attention: needsAttention(row, now) && resentAs === null,
    // Timestamps read from the database are valid: toISO() gives a string.
    created_at: row.created_at.toISO()!,
    updated_at: (row.updated_at ?? row.created_at).toISO()!,
  }
}

/** Deliveries with the id of the row that resent each one (null when not resent). */
async function presentAll(rows: EmailDelivery[]) {
  const resends =
    rows.length === 0
      ? []
      : await EmailDelivery.query()
          .whereIn(
            'resend_of',
            rows.map((row) => row.id)
          )
          .select('id', 'resend_of')
  const resentAs = new Map(resends.map((row) => [row.resend_of, row.id]))
  const now = DateTime.local()
  return rows.map((row) => presentDelivery(row, resentAs.get(row.id) ?? null, now))
}

/** A migration's deliveries for the admin detail page, oldest first (a resent one no longer needs attention: its resend does). */
export async function deliveriesOf(migrationId: number) {
  return presentAll(await EmailDelivery.query().where('migration_id', migrationId).orderBy('id'))
}

/** The invitation emails (invitations and reminders) of a member, newest first. */
export async function invitationDeliveriesOf(memberId: number) {
  return presentAll(
    await EmailDelivery.query()
      .where('member_id', memberId)
      .whereIn('email_type', INVITATION_TYPES)
      .orderBy('id', 'desc')
      .limit(200)
  )
}

/** The email types that invite a member to migrate. */
const INVITATION_TYPES = ['migration_invitation', 'invitation_reminder', 'link_expiry_reminder']

/** A queued row that will not be sent (e.g. no active template): failed with the reason. */
export async function failQueuedDelivery(id: number, message: string) {
  await EmailDelivery.query()
    .where('id', id)
    .where('status', 'queued')
    .update({ status: 'failed', error_message: message.slice(0, 1000), updated_at: sqlTime() })
}

/** Settles every `sending` row whose lease lapsed (the sweep: fulfilment/services/unknown_delivery_alerts.ts); answers how many of each. */
export async function settleLapsed() {
  const now = sqlTime()
  const lapsed = () =>
    EmailDelivery.query().where('status', 'sending').where('lease_until', '<', now)
  const failed = await lapsed().whereNull('handed_off_at').update({
    status: 'failed',
    error_message:
      'The sender stopped before handing the message to the mail server; nothing was delivered',
    lease_until: null,
    updated_at: now,
  })
  const unknown = await lapsed().whereNotNull('handed_off_at').update({
    status: 'unknown',
    error_message: HANDED_OFF_THEN_STOPPED,
    lease_until: null,
    updated_at: now,
  })
  return { failed: affected(failed), unknown: affected(unknown) }
}

/** The alert of an unknown delivery is itself an email: its own unknown state is listed, never alerted (no alert loop). */
const UNKNOWN_ALERT_TYPE = 'delivery_unknown_alert'

/**
 * Unknown deliveries the administrators were not alerted of yet, oldest first;
 * one already resent needs no alert (someone decided).
 */
export async function unknownDeliveriesToAlert(limit = 50) {
  return EmailDelivery.query()
    .where('status', 'unknown')
    .whereNull('unknown_alerted_at')
    .whereNot('email_type', UNKNOWN_ALERT_TYPE)
    .whereNotExists((query) =>
      query.from('email_deliveries as r').whereColumn('r.resend_of', 'email_deliveries.id')
    )
    .orderBy('id')
    .limit(limit)
}

/** Records that the administrators were alerted of this unknown delivery (once: a conditional UPDATE). */
export async function markUnknownAlerted(id: number) {
  const now = sqlTime()
  await EmailDelivery.query()
    .where('id', id)
    .whereNull('unknown_alerted_at')
    .update({ unknown_alerted_at: now })
}

/**
 * The queued delivery of an administrator's Resend of `original` (`resend_of`
 * is unique: a second Resend fails on it), in the caller's transaction.
 */
export async function queueResendDelivery(
  original: EmailDelivery,
  recipient: { address: string; source: RecipientSource },
  trx: TransactionClientContract
) {
  return EmailDelivery.create(
    {
      migration_id: original.migration_id,
      member_id: original.member_id,
      email_type: original.email_type,
      recipient: recipient.address,
      recipient_source: recipient.source,
      subject: original.subject,
      status: 'queued',
      attempts: 0,
      dedupe_key: `resend:${original.id}`,
      resend_of: original.id,
    },
    { client: trx }
  )
}
