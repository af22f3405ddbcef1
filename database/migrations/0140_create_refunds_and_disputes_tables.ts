import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Money after the sale (docs/payments.md, "Cancellation, refunds and disputes"), owned by
 * modules/payments:
 * - coverage_cancellations: one per migration (unique migration_id: ten simultaneous Cancel or
 *   Withdraw requests create one), with the refund it implies, computed once and frozen.
 * - payment_refunds: every refund of our payments, made by the portal (a cancellation, a refused
 *   payment) or outside it (provider events). `refund_key` is the idempotency key we send the
 *   provider and put in the refund's metadata, so the provider's event and our own write find the
 *   same row; `provider_refund_id` is unique, so a replayed event never adds a second row.
 * - payment_disputes: card disputes, one row per provider dispute; `status_event_created` keeps an
 *   older event from overwriting a newer status.
 * Amounts are integer cents of `currency`.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('coverage_cancellations', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      // admin (Cancel coverage) or member (Withdraw in the cooling-off period)
      table.string('requested_by_kind', 16).notNullable()
      table.string('requested_by', 191).nullable()
      table.string('reason', 500).notNullable()
      table.date('effective_on').notNullable()
      // cooling_off (whole amount) or unused_part (days not covered ÷ days paid for)
      table.string('refund_rule', 16).notNullable()
      table.bigInteger('paid_cents').notNullable()
      table.bigInteger('refund_cents').notNullable()
      table.string('currency', 3).notNullable()
      table.integer('days_paid').notNullable().defaultTo(0)
      table.integer('days_unused').notNullable().defaultTo(0)
      // requested → refunded (provider refunded, or nothing to refund) → completed (insurer told, email sent)
      table.string('status', 16).notNullable().defaultTo('requested')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('payment_refunds', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table
        .integer('payment_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('payments')
        .onDelete('SET NULL')
      table
        .integer('cancellation_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('coverage_cancellations')
        .onDelete('SET NULL')
      table.string('provider', 16).notNullable()
      table.string('refund_key', 191).nullable().unique()
      table.string('provider_refund_id', 191).nullable().unique()
      // The PaymentIntent / charge / invoice the refund gives back
      table.string('provider_payment_id', 191).nullable()
      table.bigInteger('amount_cents').notNullable()
      table.string('currency', 3).notNullable()
      // pending (asked, not yet confirmed) | succeeded | failed | canceled
      table.string('status', 16).notNullable()
      // portal (we asked for it) | provider (made in the provider's dashboard)
      table.string('origin', 16).notNullable()
      table.string('reason', 500).nullable()
      table.timestamp('refunded_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['migration_id'])
      table.index(['created_at'])
    })

    this.schema.createTable('payment_disputes', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table
        .integer('payment_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('payments')
        .onDelete('SET NULL')
      table.string('provider', 16).notNullable()
      table.string('provider_dispute_id', 191).notNullable().unique()
      table.string('provider_payment_id', 191).nullable()
      table.bigInteger('amount_cents').notNullable()
      table.string('currency', 3).notNullable()
      // Stripe's dispute statuses: warning_needs_response, needs_response, under_review, won, lost, …
      table.string('status', 32).notNullable()
      table.string('reason', 100).nullable()
      table.bigInteger('status_event_created').nullable()
      table.timestamp('opened_at').notNullable()
      table.timestamp('closed_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['migration_id'])
      table.index(['status'])
      table.index(['opened_at'])
    })
  }

  async down() {
    this.schema.dropTable('payment_disputes')
    this.schema.dropTable('payment_refunds')
    this.schema.dropTable('coverage_cancellations')
  }
}
