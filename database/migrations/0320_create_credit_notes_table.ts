import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A credit note per refund that reached the member (modules/documents/credit_notes/): numbered
 * CN-<year>-<6 digits> without gaps, the number taken from the year's counter row in the same
 * transaction as the note, so a rollback returns it. One note per refund (unique refund_id).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('credit_note_counters', (table) => {
      table.integer('year').unsigned().primary()
      table.integer('last_number').unsigned().notNullable()
    })
    this.schema.createTable('credit_notes', (table) => {
      table.increments('id')
      table.string('number', 20).notNullable().unique()
      table.integer('refund_id').unsigned().notNullable().unique()
      table.integer('migration_id').unsigned().notNullable().index()
      table.integer('amount_cents').notNullable()
      table.string('currency', 3).notNullable()
      table.string('language', 2).notNullable()
      table.string('file_name', 255).notNullable()
      table.timestamp('issued_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('credit_notes')
    this.schema.dropTable('credit_note_counters')
  }
}
