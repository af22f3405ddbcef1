import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#modules/shared/index'

/** A migration's recurring payment plan at the card provider, as its webhooks describe it. */
export default class Subscription extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare provider: string

  @column()
  declare provider_subscription_id: string

  /** The provider's status: active, canceled, past_due, unpaid, incomplete, incomplete_expired or trialing. */
  @column()
  declare status: string

  @column.dateTime()
  declare current_period_end: DateTime | null

  @column.dateTime()
  declare cancelled_at: DateTime | null

  @column.date()
  declare ends_on: DateTime | null

  @column(booleanColumn)
  declare early_cancellation_reviewed: boolean

  /** Provider time (unix seconds) of the event that set `status`; older events never overwrite it. */
  @column({
    consume: (value: unknown) => (value === null || value === undefined ? null : Number(value)),
  })
  declare status_event_created: number | null

  /** Set when the member changes the card from the member area. */
  @column.dateTime()
  declare card_updated_at: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
