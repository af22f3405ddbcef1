import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The provider's deadline for a dispute's evidence (Stripe's `evidence_details.due_by`), kept from
 * each dispute event so Finance's Disputes list shows how long an open dispute can still be
 * answered (docs/payments.md). Null when the provider sent none (a closed or inquiry dispute).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('payment_disputes', (table) => {
      table.timestamp('evidence_due_by').nullable()
    })
  }

  async down() {
    this.schema.alterTable('payment_disputes', (table) => {
      table.dropColumn('evidence_due_by')
    })
  }
}
