import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('currencies', (table) => {
      table.increments('id')
      table.string('code', 3).notNullable().unique()
      table.string('name', 100).notNullable()
      table.string('symbol', 8).notNullable()
      table.boolean('enabled').notNullable().defaultTo(true)
      table.decimal('surcharge_percentage', 5, 2).notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
    // Units of a currency per 1 USD; the last good rates are kept here.
    this.schema.createTable('exchange_rates', (table) => {
      table.increments('id')
      table.string('currency_code', 3).notNullable().unique()
      table.decimal('rate', 18, 8).notNullable()
      table.string('source', 32).notNullable().defaultTo('seed')
      table.timestamp('fetched_at').notNullable()
    })
    // Cross-process locks for scheduled tasks (exchange-rate refresh).
    this.schema.createTable('scheduler_locks', (table) => {
      table.string('name', 64).primary()
      table.string('owner', 64).notNullable()
      table.timestamp('locked_until').notNullable()
      table.timestamp('last_run_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('scheduler_locks')
    this.schema.dropTable('exchange_rates')
    this.schema.dropTable('currencies')
  }
}
