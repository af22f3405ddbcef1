import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A product's documents per language (en, de, fr): the member opens the one in their language,
 * else the English one (modules/documents/product_documents/product_documents.ts). Rows from
 * before are English.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('product_documents', (table) => {
      table.string('language', 2).notNullable().defaultTo('en')
    })
    this.schema.alterTable('product_documents', (table) => {
      table.dropUnique(['product_name', 'kind'])
      table.unique(['product_name', 'kind', 'language'])
    })
  }

  async down() {
    this.schema.alterTable('product_documents', (table) => {
      table.dropUnique(['product_name', 'kind', 'language'])
    })
    this.schema.alterTable('product_documents', (table) => {
      table.dropColumn('language')
      table.unique(['product_name', 'kind'])
    })
  }
}
