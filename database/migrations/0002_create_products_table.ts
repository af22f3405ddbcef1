import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('products', (table) => {
      table.increments('id')
      table.string('product_name', 191).notNullable().unique()
      table.string('product_alias', 191).nullable()
      table.string('plan_id', 64).nullable()
      table.boolean('disabled').notNullable().defaultTo(false)
      // Frequency flags; "freq_one_time" is the spec's flag named "disabled".
      table.boolean('freq_one_time').notNullable().defaultTo(true)
      table.boolean('freq_monthly').notNullable().defaultTo(true)
      table.boolean('freq_quarterly').notNullable().defaultTo(true)
      table.boolean('freq_semi_annual').notNullable().defaultTo(true)
      table.boolean('freq_annual').notNullable().defaultTo(true)
      table.date('fixed_start_date').nullable()
      table.date('fixed_end_date').nullable()
      table.boolean('enforce_fixed_start_date').notNullable().defaultTo(false)
      table.boolean('enforce_fixed_end_date').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('products')
  }
}
