import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Administrators' second factors (docs/security.md "Two-factor sign-in"),
 * owned by modules/auth:
 * - admin_totp: one authenticator app per administrator; `secret` encrypted
 *   with APP_KEY, `confirmed_at` null until one code confirmed it,
 *   `last_step` the TOTP time-step last accepted (a code of that step or an
 *   earlier one is refused: no replay);
 * - admin_recovery_codes: 10 single-use codes, SHA-256 hashes only;
 * - admin_passkeys: WebAuthn credentials (public key, signature counter);
 * - admin_enrolment_links: the CLI's single-use, expiring enrolment links (hash only).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('admin_totp', (table) => {
      table
        .integer('admin_user_id')
        .unsigned()
        .notNullable()
        .primary()
        .references('id')
        .inTable('admin_users')
        .onDelete('CASCADE')
      table.text('secret').notNullable()
      table.timestamp('confirmed_at').nullable()
      table.bigInteger('last_step').nullable()
      table.timestamp('created_at').notNullable()
    })
    this.schema.createTable('admin_recovery_codes', (table) => {
      table.increments('id')
      table
        .integer('admin_user_id')
        .unsigned()
        .notNullable()
        .index()
        .references('id')
        .inTable('admin_users')
        .onDelete('CASCADE')
      table.string('code_hash', 64).notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
    })
    this.schema.createTable('admin_passkeys', (table) => {
      table.increments('id')
      table
        .integer('admin_user_id')
        .unsigned()
        .notNullable()
        .index()
        .references('id')
        .inTable('admin_users')
        .onDelete('CASCADE')
      table.string('credential_id', 255).notNullable().unique()
      table.text('public_key').notNullable()
      table.bigInteger('counter').notNullable().defaultTo(0)
      table.string('transports', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('last_used_at').nullable()
    })
    this.schema.createTable('admin_enrolment_links', (table) => {
      table.increments('id')
      table
        .integer('admin_user_id')
        .unsigned()
        .notNullable()
        .index()
        .references('id')
        .inTable('admin_users')
        .onDelete('CASCADE')
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    for (const name of [
      'admin_enrolment_links',
      'admin_passkeys',
      'admin_recovery_codes',
      'admin_totp',
    ])
      this.schema.dropTable(name)
  }
}
