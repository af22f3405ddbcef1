import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What a member accepted before paying a checkout (modules/migrations/services/consent.ts): the
 * text version and its words as shown, the language, who, from where and when. One record per
 * migration and text version, whatever the clicks (unique index).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('migration_consents', (table) => {
      table.increments('id')
      table.integer('migration_id').unsigned().notNullable()
      table.integer('member_id').unsigned().notNullable()
      table.string('text_version', 64).notNullable()
      table.string('language', 8).notNullable()
      table.text('accepted_text').notNullable()
      table.string('ip', 64).notNullable()
      table.timestamp('accepted_at').notNullable()
      table.unique(['migration_id', 'text_version'])
    })
  }

  async down() {
    this.schema.dropTable('migration_consents')
  }
}
