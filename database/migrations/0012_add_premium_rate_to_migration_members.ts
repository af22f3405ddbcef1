import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The rate (units of the member's premium currency per 1 USD) used when the
 * migration was priced, so documents convert the member's figures to USD
 * exactly as the price did, however rates move afterwards.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migration_members', (table) => {
      table.decimal('premium_rate', 18, 8).nullable()
    })
  }

  async down() {
    this.schema.alterTable('migration_members', (table) => {
      table.dropColumn('premium_rate')
    })
  }
}
