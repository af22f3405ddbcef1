import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** What a member accepted before paying a checkout: one row per migration and text version. */
export default class MigrationConsent extends BaseModel {
  static table = 'migration_consents'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare member_id: number

  @column()
  declare text_version: string

  @column()
  declare language: string

  @column()
  declare accepted_text: string

  @column()
  declare ip: string

  @column.dateTime()
  declare accepted_at: DateTime
}
