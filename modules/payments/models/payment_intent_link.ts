import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Payments' own link from a provider PaymentIntent to the migration it pays (events without metadata are found by it). */
export default class PaymentIntentLink extends BaseModel {
  static table = 'payment_intent_links'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare provider_payment_intent_id: string

  @column()
  declare migration_id: number

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime
}
