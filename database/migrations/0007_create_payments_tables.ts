import { BaseSchema } from '@adonisjs/lucid/schema'

/** Recurring subscriptions, the payment (invoice) history and processed webhook events. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('subscriptions', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table.string('provider', 16).notNullable()
      table.string('provider_subscription_id', 191).notNullable().unique()
      table.string('status', 32).notNullable().defaultTo('incomplete').index()
      table.timestamp('current_period_end').nullable()
      table.timestamp('cancelled_at').nullable()
      table.date('ends_on').nullable()
      table.boolean('early_cancellation_reviewed').notNullable().defaultTo(false)
      // Provider event time of the last applied status, so older events never win.
      table.bigInteger('status_event_created').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('payments', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table
        .integer('subscription_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('subscriptions')
        .onDelete('SET NULL')
      // Invoice id for subscriptions, PaymentIntent id for one-time payments.
      table.string('provider_payment_id', 191).notNullable().unique()
      table.decimal('amount', 12, 2).notNullable()
      table.string('currency', 3).notNullable()
      table.string('status', 32).notNullable()
      table.boolean('paid').notNullable().defaultTo(false)
      table.timestamp('created').notNullable()
      table.timestamp('period_start').nullable()
      table.timestamp('period_end').nullable()
      table.string('hosted_invoice_url', 1000).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['migration_id'])
    })

    this.schema.createTable('webhook_events', (table) => {
      table.increments('id')
      table.string('event_id', 191).notNullable().unique()
      table.string('type', 100).notNullable()
      table.timestamp('received_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('webhook_events')
    this.schema.dropTable('payments')
    this.schema.dropTable('subscriptions')
  }
}
