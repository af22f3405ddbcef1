import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Administrators' notes on a member or a migration (modules/backoffice/services/admin_notes.ts):
 * text, author, times. Erased with the member (member_erasure.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('admin_notes', (table) => {
      table.increments('id')
      table.string('entity_type', 16).notNullable()
      table.integer('entity_id').unsigned().notNullable()
      table.text('body').notNullable()
      table.integer('author_id').unsigned().nullable()
      table.string('author_name', 191).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['entity_type', 'entity_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('admin_notes')
  }
}
