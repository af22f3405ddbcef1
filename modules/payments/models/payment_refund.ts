import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One refund of one of our payments, asked for by the portal or made at the provider. */
export default class PaymentRefund extends BaseModel {
  static table = 'payment_refunds'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number | null

  @column()
  declare payment_id: number | null

  @column()
  declare cancellation_id: number | null

  @column()
  declare provider: string

  /** Our idempotency key at the provider, also in the refund's metadata (refund_key). */
  @column()
  declare refund_key: string | null

  @column()
  declare provider_refund_id: string | null

  @column()
  declare provider_payment_id: string | null

  @column({ consume: Number })
  declare amount_cents: number

  @column()
  declare currency: string

  /** pending (asked, not confirmed) | succeeded | failed | canceled */
  @column()
  declare status: string

  /** portal | provider */
  @column()
  declare origin: 'portal' | 'provider'

  @column()
  declare reason: string | null

  @column.dateTime()
  declare refunded_at: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
