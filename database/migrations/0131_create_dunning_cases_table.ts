import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Dunning of failed installments (docs/payments.md): one row per failed
 * installment payment (unique payment_id). `stage` counts the notices sent
 * (0 = none yet, 1 = the failure email, 2 = first reminder, …);
 * `sending_stage` / `sending_until` are the lease of the sender preparing the
 * next one, so two senders never issue two links for the same notice.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('dunning_cases', (table) => {
      table.increments('id')
      table.integer('payment_id').unsigned().notNullable().unique()
      table.integer('migration_id').unsigned().notNullable().index()
      table.integer('member_id').unsigned().notNullable()
      table.timestamp('failed_at').notNullable()
      table.integer('stage').notNullable().defaultTo(0)
      table.timestamp('last_notice_at').nullable()
      table.integer('sending_stage').nullable()
      table.timestamp('sending_until').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('dunning_cases')
  }
}
