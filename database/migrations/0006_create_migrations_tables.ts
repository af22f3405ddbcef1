import { BaseSchema } from '@adonisjs/lucid/schema'

/** A member's migration (order), the members it moves and its installment plan. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('migrations', (table) => {
      table.increments('id')
      table.string('migration_reference', 32).notNullable().unique()
      table
        .integer('member_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('members')
        .onDelete('CASCADE')
      // Snapshot of the principal at creation time (the member row may change later).
      table.string('insured_full_name', 191).notNullable()
      table.string('member_id_str', 64).notNullable()
      table.string('email', 254).nullable()
      table.date('date_of_birth').nullable()
      table.string('product_name', 191).nullable()
      table.string('plan_name', 191).nullable()
      // Price, frozen at creation: amounts, rate and surcharge used.
      table.string('currency', 3).notNullable()
      table.decimal('exchange_rate', 18, 8).notNullable()
      table.decimal('surcharge_percentage', 5, 2).notNullable().defaultTo(0)
      table.decimal('total_amount', 12, 2).notNullable()
      table.decimal('total_amount_usd', 12, 2).notNullable()
      table.decimal('subscription_amount', 12, 2).notNullable()
      table.integer('number_of_payments').notNullable().defaultTo(1)
      table.string('duration_type', 16).notNullable()
      table.integer('duration_days').notNullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.string('payment_frequency', 16).notNullable()
      // Lifecycle (decisions.md §6) and the four sub-statuses.
      table.string('status', 32).notNullable().defaultTo('pending').index()
      table.string('payment_status', 32).notNullable().defaultTo('pending')
      table.string('document_status', 32).notNullable().defaultTo('pending')
      table.string('email_status', 32).notNullable().defaultTo('pending')
      table.string('api_status', 32).notNullable().defaultTo('pending')
      table.string('payment_provider', 16).notNullable()
      table.string('payment_intent_id', 191).nullable().index()
      table.string('provider_customer_id', 191).nullable()
      table.timestamp('completed_at').nullable()
      table.timestamp('created_at').notNullable().index()
      table.timestamp('updated_at').notNullable()
      table.index(['member_id', 'status'])
    })

    this.schema.createTable('migration_members', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table
        .integer('member_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('members')
        .onDelete('CASCADE')
      table.string('insured_full_name', 191).notNullable()
      table.string('insured_role', 16).notNullable()
      table.string('member_id_str', 64).notNullable()
      table.date('date_of_birth').nullable()
      table.decimal('final_premium', 12, 2).nullable()
      table.string('premium_currency', 3).nullable()
      table.decimal('annual_premium', 12, 2).notNullable()
      table.decimal('calculated_premium', 12, 2).notNullable()
      table.string('dhig_person_id', 64).nullable()
      table.string('dhig_member_id', 64).nullable()
      table.unique(['migration_id', 'member_id'])
      table.index(['member_id'])
    })

    this.schema.createTable('installments', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table.integer('payment_number').notNullable()
      table.decimal('amount', 12, 2).notNullable()
      table.date('due_date').notNullable()
      table.boolean('is_reconciliation').notNullable().defaultTo(false)
      table.unique(['migration_id', 'payment_number'])
    })

    this.schema.createTable('migration_blocks', (table) => {
      table.increments('id')
      table
        .integer('member_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('members')
        .onDelete('CASCADE')
      table
        .integer('migration_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('migrations')
        .onDelete('SET NULL')
      table.string('reason', 500).nullable()
      table.string('blocked_by', 100).nullable()
      table.boolean('active').notNullable().defaultTo(true)
      table.timestamp('created_at').notNullable()
      table.timestamp('lifted_at').nullable()
      table.index(['member_id', 'active'])
    })
  }

  async down() {
    this.schema.dropTable('migration_blocks')
    this.schema.dropTable('installments')
    this.schema.dropTable('migration_members')
    this.schema.dropTable('migrations')
  }
}
