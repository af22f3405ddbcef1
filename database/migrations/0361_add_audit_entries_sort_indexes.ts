import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The audit log's column headers sort on the server (audit_service.ts `AUDIT_SORTS`): When (`at`)
 * and Who (`actor`) have their indexes since 0065; Action and Entity get theirs, each followed by
 * the id (the primary key every secondary index carries), so a page of the trail sorted by either
 * is read in index order, not sorted from the whole table.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('audit_entries', (table) => {
      table.index(['action'], 'audit_entries_action_index')
      table.index(['entity_type'], 'audit_entries_entity_type_index')
    })
  }

  async down() {
    this.schema.alterTable('audit_entries', (table) => {
      table.dropIndex(['action'], 'audit_entries_action_index')
      table.dropIndex(['entity_type'], 'audit_entries_entity_type_index')
    })
  }
}
