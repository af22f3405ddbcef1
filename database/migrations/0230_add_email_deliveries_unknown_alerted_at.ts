import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * When the administrators were alerted that this delivery is `unknown` (an email whose fate the server cannot know): the sweep
 * alerts each unknown delivery once (modules/fulfilment/services/unknown_delivery_alerts.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('email_deliveries', (table) => {
      table.timestamp('unknown_alerted_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('email_deliveries', (table) => {
      table.dropColumn('unknown_alerted_at')
    })
  }
}
