import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DocumentType } from './document.js'

/** Which layout file makes the documents of a product (and plan; null plan = every plan). */
export default class DocumentTemplate extends BaseModel {
  static table = 'document_templates'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare product_name: string

  @column()
  declare plan_name: string | null

  /** Which documents it makes (policy, cancellation_confirmation). */
  @column()
  declare document_type: DocumentType

  /** Relative to backend/templates/documents/. */
  @column()
  declare template_file_path: string

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
