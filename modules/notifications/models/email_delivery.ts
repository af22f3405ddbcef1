import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** sending: handed to the transport, outcome not yet recorded (a crash leaves it so). */
export type DeliveryStatus = 'sending' | 'sent' | 'failed'

/** One email the platform sent or tried to send. */
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

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime
}
