import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The member's language (docs/shop.md "Languages — server side"): chosen in the
 * shop or taken from Accept-Language at the first sign-in; null until then (emails and PDFs then
 * use English).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('members', (table) => {
      table.string('language', 8).nullable()
    })
  }

  async down() {
    this.schema.alterTable('members', (table) => {
      table.dropColumn('language')
    })
  }
}
