import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One row per Clean Database run (modules/imports/services/clean_service.ts): its progress for the
 * screen and the CLI, and its lease. `active_key` is 'clean' while the run is not finished (NULL
 * after): the unique key lets one run exist at a time, and a run whose lease lapsed (its process
 * died) is taken over by the next clean, never left half-claimed.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('data_cleans', (table) => {
      table.increments('id')
      table.string('status', 16).notNullable()
      table.string('active_key', 16).nullable().unique()
      table.string('actor', 191).notNullable()
      table.integer('members').unsigned().notNullable()
      table.integer('migrations').unsigned().notNullable()
      table.integer('total_rows').unsigned().notNullable()
      table.integer('deleted_rows').unsigned().notNullable().defaultTo(0)
      table.string('error', 2000).nullable()
      // Epoch milliseconds: compared in code, the same on both databases whatever their time zone.
      table.bigInteger('lease_expires_ms').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.timestamp('finished_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('data_cleans')
  }
}
