import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A PDF issued to a migrated member; one per (migration, member). */
export default class Document extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare member_id: number

  @column()
  declare file_name: string

  /** Relative to STORAGE_DIR. */
  @column()
  declare file_path: string

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime
}
