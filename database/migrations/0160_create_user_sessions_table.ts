import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One row per signed-in device (modules/auth/services/device_sessions.ts), owned by auth: a
 * session carries its row's id, and a request whose row is gone is signed out. Deleting one row
 * ends one device ("Sign out this one", logout); `session_version` is the account's at sign-in,
 * so a row of an older version is stale (every session of the account ended at once).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('user_sessions', (table) => {
      table.string('id', 64).primary()
      table.string('guard', 16).notNullable()
      table.integer('account_id').unsigned().notNullable()
      table.integer('session_version').unsigned().notNullable()
      table.string('ip', 64).notNullable()
      table.string('user_agent', 512).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('last_seen_at').notNullable()
      table.index(['guard', 'account_id'])
      table.index(['last_seen_at'])
    })
  }

  async down() {
    this.schema.dropTable('user_sessions')
  }
}
