import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The PDFs a member may open before paying, per product (modules/fulfilment/services/
 * product_documents.ts): the policy conditions and the pre-contract information. One of each
 * kind per product; a new upload replaces the old file.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('product_documents', (table) => {
      table.increments('id')
      table.string('product_name', 191).notNullable()
      table.string('kind', 32).notNullable()
      table.string('file_name', 255).notNullable()
      table.string('file_path', 512).notNullable()
      table.integer('size').unsigned().notNullable()
      table.timestamp('uploaded_at').notNullable()
      table.unique(['product_name', 'kind'])
    })
  }

  async down() {
    this.schema.dropTable('product_documents')
  }
}
