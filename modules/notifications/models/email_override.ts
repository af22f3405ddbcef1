import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A member-specific recipient that beats every other address (see services/recipient.ts). */
export default class EmailOverride extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare member_id: number

  @column()
  declare override_email: string

  @column()
  declare notes: string | null

  @column()
  declare created_by: string | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
