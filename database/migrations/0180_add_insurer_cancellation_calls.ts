import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The insurer cancellation call (docs/payments.md): an API configuration may have a
 * cancellation endpoint beside its enrolment endpoint; api_logs keeps both kinds of call
 * (`call_type`), and a cancellation that could not be sent (no endpoint) as a `skipped` row
 * whose error_message says why.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('api_configurations', (table) => {
      table.string('cancellation_endpoint_url', 1000).nullable()
    })
    this.schema.alterTable('api_logs', (table) => {
      table.string('call_type', 20).notNullable().defaultTo('enrolment')
      table.boolean('skipped').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('api_logs', (table) => {
      table.dropColumn('skipped')
      table.dropColumn('call_type')
    })
    this.schema.alterTable('api_configurations', (table) => {
      table.dropColumn('cancellation_endpoint_url')
    })
  }
}
