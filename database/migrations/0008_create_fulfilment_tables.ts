import { BaseSchema } from '@adonisjs/lucid/schema'

/** Enrolment API configurations and logs, document templates and issued documents, durable jobs. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_configurations', (table) => {
      table.increments('id')
      table.string('name', 191).notNullable()
      table.string('endpoint_url', 1000).notNullable()
      table.string('auth_type', 16).nullable()
      // JSON: { token } for bearer, { key, header } for api_key.
      table.text('auth_config').nullable()
      table.integer('timeout_ms').notNullable().defaultTo(10000)
      table.boolean('enabled').notNullable().defaultTo(true)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('api_logs', (table) => {
      table.increments('id')
      table
        .integer('migration_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('migrations')
        .onDelete('CASCADE')
      table
        .integer('api_configuration_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('api_configurations')
        .onDelete('SET NULL')
      table.string('api_name', 191).notNullable()
      table
        .integer('member_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('members')
        .onDelete('SET NULL')
      table.string('member_name', 191).nullable()
      table.string('member_id_str', 64).nullable()
      table.string('endpoint', 1000).notNullable()
      table.boolean('success').notNullable()
      table.integer('response_status').nullable()
      table.string('error_message', 1000).nullable()
      table.text('request_payload').nullable()
      table.text('response_payload').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['migration_id'])
    })

    this.schema.createTable('document_templates', (table) => {
      table.increments('id')
      table.string('product_name', 191).notNullable().index()
      table.string('plan_name', 191).nullable()
      table.string('template_file_path', 500).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('documents', (table) => {
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
      table.string('file_name', 255).notNullable()
      table.string('file_path', 1000).notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['migration_id', 'member_id'])
    })

    // Durable background work: a restart picks up what is queued or was running.
    this.schema.createTable('jobs', (table) => {
      table.increments('id')
      table.string('type', 64).notNullable()
      table.text('payload').notNullable()
      table.string('status', 16).notNullable().defaultTo('queued')
      table.integer('attempts').notNullable().defaultTo(0)
      table.integer('max_attempts').notNullable().defaultTo(5)
      table.timestamp('run_at').notNullable()
      table.string('locked_by', 64).nullable()
      table.timestamp('locked_until').nullable()
      table.text('last_error').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['status', 'run_at'])
    })
  }

  async down() {
    this.schema.dropTable('jobs')
    this.schema.dropTable('documents')
    this.schema.dropTable('document_templates')
    this.schema.dropTable('api_logs')
    this.schema.dropTable('api_configurations')
  }
}
