import { BaseSchema } from '@adonisjs/lucid/schema'

/** The card a paid installment was charged to, as the provider reported it (receipts, the member area's card on file). */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('payments', (table) => {
      table.string('card_brand', 32).nullable()
      table.string('card_last_four', 4).nullable()
    })
  }

  async down() {
    this.schema.alterTable('payments', (table) => {
      table.dropColumn('card_brand')
      table.dropColumn('card_last_four')
    })
  }
}
