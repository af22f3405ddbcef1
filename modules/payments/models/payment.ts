import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, decimalColumn } from '#modules/shared/index'

/** One charge (invoice or one-time PaymentIntent), stored so screens never ask the provider. */
export default class Payment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare subscription_id: number | null

  @column()
  declare provider_payment_id: string

  @column(decimalColumn)
  declare amount: number

  @column()
  declare currency: string

  /** Invoice statuses (draft, open, paid, uncollectible, void) or PaymentIntent ones (succeeded, failed). */
  @column()
  declare status: string

  @column(booleanColumn)
  declare paid: boolean

  @column.dateTime()
  declare created: DateTime

  @column.dateTime()
  declare period_start: DateTime | null

  @column.dateTime()
  declare period_end: DateTime | null

  @column()
  declare hosted_invoice_url: string | null

  /** The card it was charged to, as the provider reported it (receipts). */
  @column()
  declare card_brand: string | null

  @column()
  declare card_last_four: string | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime

  /** The spec's Payment shape (admin-backoffice.md §3). */
  serializeForAdmin() {
    return {
      id: this.id,
      amount: this.amount,
      currency: this.currency,
      status: this.status,
      paid: this.paid,
      created: this.created?.toISO() ?? null,
      period_start: this.period_start?.toISO() ?? null,
      period_end: this.period_end?.toISO() ?? null,
      hosted_invoice_url: this.hosted_invoice_url,
    }
  }
}
