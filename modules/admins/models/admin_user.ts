import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import type { AdminRole } from '../validators.js'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['username'],
  passwordColumnName: 'password',
})

/** A back-office administrator. The password is stored as a scrypt hash. */
export default class AdminUser extends compose(BaseModel, AuthFinder) {
  static table = 'admin_users'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare username: string

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  /** owner | operations | finance | support (docs/security.md "Roles"). */
  @column()
  declare role: AdminRole

  /** Moves on at logout and password change: ends every session opened before. */
  @column({ serializeAs: null })
  declare session_version: number

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
