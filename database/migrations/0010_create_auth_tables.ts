import { BaseSchema } from '@adonisjs/lucid/schema'

/** Secure-link tokens (hash only) and the limiter's table for MySQL deployments. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('migration_tokens', (table) => {
      table.increments('id')
      table
        .integer('member_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('members')
        .onDelete('CASCADE')
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('revoked_at').nullable()
      table.integer('failed_attempts').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.index(['member_id'])
    })

    this.schema.createTable('rate_limits', (table) => {
      table.string('key', 255).notNullable().primary()
      table.integer('points', 9).notNullable().defaultTo(0)
      table.bigint('expire').unsigned()
    })
  }

  async down() {
    this.schema.dropTable('rate_limits')
    this.schema.dropTable('migration_tokens')
  }
}
