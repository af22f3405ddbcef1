import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Saved views of the back-office lists, per administrator (modules/admins/services/saved_views.ts):
 * a name and the list's parameters (filter, sort, order, rows per page) as JSON, kept on the server
 * so they follow the administrator to every device. Deleted with their administrator.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('admin_saved_views', (table) => {
      table.increments('id')
      table
        .integer('admin_user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('admin_users')
        .onDelete('CASCADE')
      table.string('resource', 64).notNullable()
      table.string('name', 80).notNullable()
      table.text('params').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['admin_user_id', 'resource', 'name'])
    })
  }

  async down() {
    this.schema.dropTable('admin_saved_views')
  }
}
