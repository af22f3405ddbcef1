import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A provider event already applied; its unique event_id makes processing happen once. */
export default class WebhookEvent extends BaseModel {
  static table = 'webhook_events'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare event_id: string

  @column()
  declare type: string

  /** Why the event was recorded without being applied (e.g. a payment without an amount); null when applied. */
  @column()
  declare ignored_reason: string | null

  @column.dateTime({ autoCreate: true })
  declare received_at: DateTime
}
