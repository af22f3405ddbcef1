import { BaseSchema } from '@adonisjs/lucid/schema'

/** When the member last changed the card of a recurring plan from the member area (docs/shop.md). */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('subscriptions', (table) => {
      table.timestamp('card_updated_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('subscriptions', (table) => {
      table.dropColumn('card_updated_at')
    })
  }
}
