import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('settings', (table) => {
      table.increments('id')
      table.string('setting_key', 100).notNullable().unique()
      table.text('setting_value').nullable()
      table.string('setting_type', 16).notNullable().defaultTo('text')
      table.string('display_name', 191).notNullable()
      table.string('description', 500).nullable()
      table.boolean('is_editable').notNullable().defaultTo(true)
      table.boolean('is_sensitive').notNullable().defaultTo(false)
      table.string('category', 32).notNullable().index()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('settings')
  }
}
