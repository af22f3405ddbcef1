import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A provider event that cannot be applied (a payment without
 * an amount) is recorded with the reason it was left unapplied, answered
 * 2xx (so the provider stops retrying it) and changes no money state.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('webhook_events', (table) => {
      table.string('ignored_reason', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable('webhook_events', (table) => {
      table.dropColumn('ignored_reason')
    })
  }
}
