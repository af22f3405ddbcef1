import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The migrations list's total for a status and a search (docs/benchmarks.md, back-office):
 * with (status, name, member ID, reference) the count reads only that status's entries of
 * a narrow index (`ref`, `Using index`) instead of fetching each row found by
 * (status, completed_at) to test the three LIKEs, or walking the whole list index.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migrations', (table) => {
      table.index(
        ['status', 'insured_full_name', 'member_id_str', 'migration_reference'],
        'migrations_status_search_index'
      )
    })
  }

  async down() {
    this.schema.alterTable('migrations', (table) => {
      table.dropIndex([], 'migrations_status_search_index')
    })
  }
}
