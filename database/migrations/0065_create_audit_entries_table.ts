import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The audit trail (docs/operations.md): one row per administrator or
 * operator write, inserted in the transaction of the change. Rows are only
 * ever inserted; no route updates or deletes them, and the clean-up keeps them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('audit_entries', (table) => {
      table.bigIncrements('id')
      table.dateTime('at').notNullable()
      table.string('actor', 120).notNullable()
      table.string('action', 64).notNullable()
      table.string('entity_type', 40).notNullable()
      table.string('entity_id', 64).nullable()
      table.text('before', 'longtext').nullable()
      table.text('after', 'longtext').nullable()
      table.index(['entity_type', 'entity_id'])
      table.index(['at'])
      table.index(['actor'])
    })
  }

  async down() {
    this.schema.dropTable('audit_entries')
  }
}
