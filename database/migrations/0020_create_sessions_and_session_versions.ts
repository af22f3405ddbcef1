import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Server-side sessions (docs/sessions-and-throttling.md):
 * - `sessions` is @adonisjs/session's database store table (id, data,
 *   expires_at; user_id for its tagging API);
 * - `session_version` on admin_users and members: a session remembers the
 *   version of its account at sign-in and is refused once the account's
 *   version moved on (logout, password change), which ends every session of
 *   that account at once, whichever store holds them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sessions', (table) => {
      table.string('id', 255).notNullable().primary()
      table.string('user_id', 255).nullable().index()
      table.text('data', 'mediumtext').notNullable()
      table.timestamp('expires_at').notNullable().index()
    })
    for (const tableName of ['admin_users', 'members']) {
      this.schema.alterTable(tableName, (table) => {
        table.integer('session_version').unsigned().notNullable().defaultTo(0)
      })
    }
  }

  async down() {
    for (const tableName of ['admin_users', 'members']) {
      this.schema.alterTable(tableName, (table) => table.dropColumn('session_version'))
    }
    this.schema.dropTable('sessions')
  }
}
