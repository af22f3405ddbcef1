import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Idempotent enrolment (docs/enrolment.md): a random key per migrated member,
 * created once and sent as the Idempotency-Key of every call for that member;
 * each API log row records its attempt number and the key it carried.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migration_members', (table) => {
      table.string('enrolment_key', 64).nullable()
    })
    this.schema.alterTable('api_logs', (table) => {
      table.integer('attempt').nullable()
      table.string('idempotency_key', 128).nullable()
    })
  }

  async down() {
    this.schema.alterTable('api_logs', (table) => {
      table.dropColumn('idempotency_key')
      table.dropColumn('attempt')
    })
    this.schema.alterTable('migration_members', (table) => {
      table.dropColumn('enrolment_key')
    })
  }
}
