import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Administrator roles (docs/security.md "Roles"): owner, operations, finance, support. Every
 * existing administrator becomes an Owner (the column's default), so nobody loses access.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('admin_users', (table) => {
      table.string('role', 16).notNullable().defaultTo('owner')
    })
  }

  async down() {
    this.schema.alterTable('admin_users', (table) => table.dropColumn('role'))
  }
}
