import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where the web server last started listening (modules/settings/services/frontend_url.ts): with
 * FRONTEND_URL empty, links built by other processes of the same configuration (the CLI, workers)
 * use this address, not their own PORT. One row, written by the server when it starts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('listening_addresses', (table) => {
      table.integer('id').unsigned().primary()
      table.string('address', 300).notNullable()
      table.timestamp('recorded_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('listening_addresses')
  }
}
