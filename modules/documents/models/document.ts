import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** What a document (and the template that makes it) is: the policy confirmation or the cancellation confirmation. */
export type DocumentType = 'policy' | 'cancellation_confirmation'

/** A PDF issued to a migrated member; one per (migration, member, type). */
export default class Document extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare member_id: number

  @column()
  declare document_type: DocumentType

  @column()
  declare file_name: string

  /** Relative to STORAGE_DIR. */
  @column()
  declare file_path: string

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime
}
