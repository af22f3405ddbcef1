import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * queued: recorded, not yet being sent. sending: a sender holds it until
 * lease_until (renewed while it works). sent: the mail server accepted it.
 * failed: provably not delivered (refused, or interrupted before the
 * hand-off). unknown: interrupted after the hand-off began — the server may
 * or may not have it; an administrator has to look (docs/fulfilment.md).
 */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'unknown'

/** One email the platform sent or tried to send (one row per email, attempts counted on it). */
export default class EmailDelivery extends BaseModel {
  static table = 'email_deliveries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number | null

  @column()
  declare member_id: number | null

  @column()
  declare email_type: string

  @column()
  declare recipient: string

  @column()
  declare subject: string

  @column()
  declare status: DeliveryStatus

  @column()
  declare message_id: string | null

  @column()
  declare error_message: string | null

  /** type:migration:member for emails sent once (unique); null for emails that may repeat (invitations). */
  @column()
  declare dedupe_key: string | null

  /** How many times a sender took it up; also the fencing token of the current sender. */
  @column()
  declare attempts: number

  @column.dateTime()
  declare lease_until: DateTime | null

  /** Set just before the end of the message is written to the server: from then on a crash leaves `unknown`. */
  @column.dateTime()
  declare handed_off_at: DateTime | null

  /** Why this recipient: member_override, global_override, member_email, admin_setting (null before it was recorded). */
  @column()
  declare recipient_source: string | null

  /** JSON array of the attached files' names (null before it was recorded, [] for none). */
  @column()
  declare attachments: string | null

  /** The delivery this one resends (an administrator's Resend); unique: one resend per delivery. */
  @column()
  declare resend_of: number | null

  /** When the administrators were alerted that it is `unknown` (once per delivery). */
  @column.dateTime()
  declare unknown_alerted_at: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime()
  declare updated_at: DateTime | null
}
