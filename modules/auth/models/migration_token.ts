import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A secure-link token; only its SHA-256 hash is stored (decisions.md §3). */
export default class MigrationToken extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare member_id: number

  @column()
  declare token_hash: string

  @column.dateTime()
  declare expires_at: DateTime

  @column.dateTime()
  declare used_at: DateTime | null

  @column.dateTime()
  declare revoked_at: DateTime | null

  @column()
  declare failed_attempts: number

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  get isUsable() {
    return !this.used_at && !this.revoked_at && this.expires_at > DateTime.now()
  }
}
