import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The payments module's own link from a provider's PaymentIntent id to the migration it
 * pays, so an event without metadata is resolved without reading the migrations table. Filled
 * from the ids the migrations already store.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('payment_intent_links', (table) => {
      table.increments('id')
      table.string('provider_payment_intent_id', 191).notNullable().unique()
      table
        .integer('migration_id')
        .unsigned()
        .notNullable()
        .index()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
    })
    this.defer(async (db) => {
      const rows = await db
        .from('migrations')
        .whereNotNull('payment_intent_id')
        .select('id', 'payment_intent_id')
      const now = new Date()
      for (const row of rows) {
        await db.table('payment_intent_links').insert({
          provider_payment_intent_id: row.payment_intent_id,
          migration_id: row.id,
          created_at: now,
        })
      }
    })
  }

  async down() {
    this.schema.dropTable('payment_intent_links')
  }
}
