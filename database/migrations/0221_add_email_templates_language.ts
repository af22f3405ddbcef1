import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Email templates get a version per language (the member's language, docs/shop.md): the language of each template,
 * existing rows English. One active template per type and language; English is the fallback
 * when a language has no active version.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('email_templates', (table) => {
      table.string('language', 8).notNullable().defaultTo('en')
    })
  }

  async down() {
    this.schema.alterTable('email_templates', (table) => {
      table.dropColumn('language')
    })
  }
}
