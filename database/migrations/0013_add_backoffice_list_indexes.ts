import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes for the back-office at scale (docs/benchmarks.md, back-office):
 * - the migrations list walks (created_at, id) newest first and filters on
 *   status, name, member ID and reference: with those columns in the index
 *   the page of ids and the total are found without reading table rows;
 * - the dashboard counts migrations by status and completed today from
 *   (status, completed_at) alone.
 * Each replaces an index it starts with (created_at; status).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migrations', (table) => {
      table.index(
        ['created_at', 'id', 'status', 'insured_full_name', 'member_id_str', 'migration_reference'],
        'migrations_list_index'
      )
      table.index(['status', 'completed_at'], 'migrations_status_completed_at_index')
    })
    this.schema.alterTable('migrations', (table) => {
      table.dropIndex(['created_at'])
      table.dropIndex(['status'])
    })
  }

  async down() {
    this.schema.alterTable('migrations', (table) => {
      table.index(['created_at'])
      table.index(['status'])
    })
    this.schema.alterTable('migrations', (table) => {
      table.dropIndex([], 'migrations_list_index')
      table.dropIndex([], 'migrations_status_completed_at_index')
    })
  }
}
