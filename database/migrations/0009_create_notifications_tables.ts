import { BaseSchema } from '@adonisjs/lucid/schema'

/** Email templates, per-member overrides and the record of every email sent. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('email_templates', (table) => {
      table.increments('id')
      table.string('template_type', 32).notNullable()
      table.string('name', 191).notNullable()
      table.string('subject', 500).notNullable()
      table.text('html_content').notNullable()
      table.boolean('is_active').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['template_type', 'is_active'])
    })

    this.schema.createTable('email_overrides', (table) => {
      table.increments('id')
      table
        .integer('member_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('members')
        .onDelete('CASCADE')
      table.string('override_email', 254).notNullable()
      table.string('notes', 1000).nullable()
      table.string('created_by', 100).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    // One row per email the platform sent or tried: makes sending idempotent.
    this.schema.createTable('email_deliveries', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table
        .integer('member_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('members')
        .onDelete('SET NULL')
      table.string('email_type', 32).notNullable()
      table.string('recipient', 254).notNullable()
      table.string('subject', 500).notNullable()
      table.string('status', 16).notNullable()
      table.string('message_id', 255).nullable()
      table.string('error_message', 1000).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['migration_id', 'email_type'])
    })
  }

  async down() {
    this.schema.dropTable('email_deliveries')
    this.schema.dropTable('email_overrides')
    this.schema.dropTable('email_templates')
  }
}
