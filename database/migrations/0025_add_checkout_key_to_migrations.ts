import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One payable checkout per member (docs/fulfilment.md, "One checkout per member"):
 * - checkout_key: the idempotency key the shop sends once per checkout attempt; unique per
 *   member, so a double click or a retried request finds the checkout it already made;
 * - checkout_answer: that checkout's create answer (client secret included, encrypted with
 *   APP_KEY), replayed to a repeated request; null while the payment is being started.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migrations', (table) => {
      table.string('checkout_key', 64).nullable()
      table.text('checkout_answer', 'mediumtext').nullable()
      table.unique(['member_id', 'checkout_key'], {
        indexName: 'migrations_member_checkout_key_unique',
      })
    })
  }

  async down() {
    this.schema.alterTable('migrations', (table) => {
      table.dropUnique(['member_id', 'checkout_key'], 'migrations_member_checkout_key_unique')
      table.dropColumn('checkout_answer')
      table.dropColumn('checkout_key')
    })
  }
}
