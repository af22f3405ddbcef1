import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Administrator sign-in history (modules/auth/services/sign_in_history.ts): each attempt judged,
 * success or failure, with the factor used. `admin_id` is null when the username matched nobody.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sign_in_events', (table) => {
      table.increments('id')
      table.integer('admin_id').unsigned().nullable()
      table.string('username', 191).notNullable()
      table.boolean('success').notNullable()
      table.string('factor', 32).notNullable()
      table.string('ip', 64).notNullable()
      table.string('user_agent', 512).notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['admin_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('sign_in_events')
  }
}
