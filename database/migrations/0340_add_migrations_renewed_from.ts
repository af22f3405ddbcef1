import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Renewal at the end of the term (docs/fulfilment.md, "The end of the term"): a migration bought
 * with the member area's Renew names the migration it renews. Unique: a migration is renewed once
 * (the checkout that holds the link while unpaid gives it up to a newer one, create_migration.ts).
 * The renewal scheduler looks migrations up by their end date.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migrations', (table) => {
      table
        .integer('renewed_from_migration_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('migrations')
        .onDelete('SET NULL')
      table.unique(['renewed_from_migration_id'], {
        indexName: 'migrations_renewed_from_migration_id_unique',
      })
      table.index(['end_date', 'id'], 'migrations_end_date_index')
    })
  }

  async down() {
    this.schema.alterTable('migrations', (table) => {
      table.dropIndex([], 'migrations_end_date_index')
      table.dropUnique([], 'migrations_renewed_from_migration_id_unique')
      table.dropForeign(['renewed_from_migration_id'])
      table.dropColumn('renewed_from_migration_id')
    })
  }
}
