import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Document template types, so a cancelled coverage gets its document: beside the policy confirmation, a cancellation
 * confirmation. A template row says which type it makes; a member may hold one document of
 * each type per migration. The new unique index starts with migration_id before the old one is
 * dropped, so MariaDB's foreign key on migration_id always has an index.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('document_templates', (table) => {
      table.string('document_type', 40).notNullable().defaultTo('policy')
    })
    this.schema.alterTable('documents', (table) => {
      table.string('document_type', 40).notNullable().defaultTo('policy')
      table.unique(['migration_id', 'member_id', 'document_type'])
    })
    this.schema.alterTable('documents', (table) => {
      table.dropUnique(['migration_id', 'member_id'])
    })
  }

  async down() {
    this.schema.alterTable('documents', (table) => {
      table.unique(['migration_id', 'member_id'])
    })
    this.schema.alterTable('documents', (table) => {
      table.dropUnique(['migration_id', 'member_id', 'document_type'])
      table.dropColumn('document_type')
    })
    this.schema.alterTable('document_templates', (table) => {
      table.dropColumn('document_type')
    })
  }
}
