import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The migrations list sorts on the server by reference, member name, amount (USD) and duration
 * (modules/backoffice/services/migration_admin_service.ts): an index that starts with the column,
 * ties by id, gives the first 500 rows of 100,000 without sorting the table. Status sorts with
 * migrations_status_search_index, the date with migrations_list_index.
 */
const SORTED = ['migration_reference', 'insured_full_name', 'total_amount_usd', 'duration_days']

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migrations', (table) => {
      for (const column of SORTED) table.index([column, 'id'], `migrations_sort_${column}_index`)
    })
  }

  async down() {
    this.schema.alterTable('migrations', (table) => {
      for (const column of SORTED) table.dropIndex([], `migrations_sort_${column}_index`)
    })
  }
}
