import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One version counter per kind of reference data (modules/shared/reference_cache.ts): each
 * process caches products, currencies, rates and settings, and reads these few rows once per
 * call to know whether its copy is still current. An administrator's write bumps its row in
 * the same transaction, so every process sees the change on its next call.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('reference_versions', (table) => {
      table.string('name', 32).primary()
      table.bigInteger('version').unsigned().notNullable().defaultTo(0)
    })
    this.defer(async (db) => {
      await db.table('reference_versions').multiInsert([
        { name: 'catalog', version: 0 },
        { name: 'settings', version: 0 },
      ])
    })
  }

  async down() {
    this.schema.dropTable('reference_versions')
  }
}
