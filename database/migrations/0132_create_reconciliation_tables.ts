import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Reconciliation with the payment provider (docs/payments.md): one run per
 * comparison, its mismatches as items. The provider's rows of a run are
 * staged page by page in reconciliation_provider_rows and compared with
 * `payments` by SQL joins, so no side is held in memory; the staging rows
 * are deleted when the run ends.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('reconciliation_runs', (table) => {
      table.increments('id')
      table.string('source', 16).notNullable()
      table.string('trigger', 16).notNullable()
      table.string('status', 16).notNullable()
      table.timestamp('range_from').notNullable()
      table.timestamp('range_to').notNullable()
      table.integer('provider_rows').notNullable().defaultTo(0)
      table.integer('mismatches').notNullable().defaultTo(0)
      table.string('error', 500).nullable()
      table.string('started_by', 100).nullable()
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').nullable()
    })
    this.schema.createTable('reconciliation_items', (table) => {
      table.increments('id')
      table
        .integer('run_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('reconciliation_runs')
        .onDelete('CASCADE')
      table.string('kind', 32).notNullable()
      table.string('object_type', 16).notNullable()
      table.string('provider_id', 191).nullable()
      table.string('payment_key', 191).nullable()
      table.integer('payment_id').unsigned().nullable()
      table.bigInteger('provider_amount').nullable()
      table.bigInteger('our_amount').nullable()
      table.string('provider_currency', 3).nullable()
      table.string('our_currency', 3).nullable()
      table.string('provider_status', 32).nullable()
      table.string('our_status', 32).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['run_id', 'kind'])
    })
    this.schema.createTable('reconciliation_provider_rows', (table) => {
      table.bigIncrements('id')
      table.integer('run_id').unsigned().notNullable()
      table.string('object_type', 16).notNullable()
      table.string('provider_id', 191).notNullable()
      table.string('payment_key', 191).nullable()
      table.bigInteger('amount').notNullable()
      table.string('currency', 3).notNullable()
      table.string('status', 32).notNullable()
      table.index(['run_id', 'payment_key'])
    })
  }

  async down() {
    this.schema.dropTable('reconciliation_provider_rows')
    this.schema.dropTable('reconciliation_items')
    this.schema.dropTable('reconciliation_runs')
  }
}
