import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A card dispute of one of our payments, as the provider's events describe it. */
export default class PaymentDispute extends BaseModel {
  static table = 'payment_disputes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number | null

  @column()
  declare payment_id: number | null

  @column()
  declare provider: string

  @column()
  declare provider_dispute_id: string

  @column()
  declare provider_payment_id: string | null

  @column({ consume: Number })
  declare amount_cents: number

  @column()
  declare currency: string

  /** Stripe's statuses: warning_needs_response, needs_response, under_review, won, lost, … */
  @column()
  declare status: string

  @column()
  declare reason: string | null

  /** Provider time of the event that set `status`: an older event never overwrites it. */
  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare status_event_created: number | null

  @column.dateTime()
  declare opened_at: DateTime

  @column.dateTime()
  declare closed_at: DateTime | null

  /** The provider's deadline for evidence (evidence_details.due_by); null when it sent none. */
  @column.dateTime()
  declare evidence_due_by: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
