import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#modules/shared/index'

/** The spec's three types, plus the invitation sent from Unmigrated Users and its two reminders (docs/operations.md), the dunning emails of a failed installment, the lapse alert and the installment receipt, the cancellation and the stop of future payments (docs/payments.md), the renewal invitation and the end of the term (docs/fulfilment.md), and the alert of an email whose delivery is unknown (docs/operations.md §2). */
export const EMAIL_TEMPLATE_TYPES = [
  'migration_confirmation',
  'admin_notification',
  'cancellation_alert',
  'migration_invitation',
  'invitation_reminder',
  'link_expiry_reminder',
  'payment_failed',
  'payment_reminder',
  'coverage_lapsed_alert',
  'payment_receipt',
  'credit_note',
  'coverage_cancelled',
  'payments_stopped',
  'renewal_invitation',
  'coverage_expired',
  'money_alert',
  'delivery_unknown_alert',
] as const
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number]

export default class EmailTemplate extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare template_type: EmailTemplateType

  @column()
  declare name: string

  /** The language of this version (shared_data/languages.ts); English is the fallback. */
  @column()
  declare language: string

  @column()
  declare subject: string

  @column()
  declare html_content: string

  @column(booleanColumn)
  declare is_active: boolean

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
