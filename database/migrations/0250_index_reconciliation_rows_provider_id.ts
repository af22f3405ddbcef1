import { BaseSchema } from '@adonisjs/lucid/schema'

const INDEX = 'reconciliation_provider_rows_run_provider_id_index'

/**
 * A staged charge finds the invoice payment of its PaymentIntent by (run_id, provider_id)
 * (modules/payments/reconciliation/reconcile.ts): without this index each of 100,000 charges
 * would scan the run's rows.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('reconciliation_provider_rows', (table) => {
      table.index(['run_id', 'object_type', 'provider_id'], INDEX)
    })
  }

  async down() {
    this.schema.alterTable('reconciliation_provider_rows', (table) => {
      table.dropIndex(['run_id', 'object_type', 'provider_id'], INDEX)
    })
  }
}
