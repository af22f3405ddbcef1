import { BaseSchema } from '@adonisjs/lucid/schema'

/** Why a migration ended as failed when the system decided it (superseded checkout, refunded payment), for admins. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('migrations', (table) => {
      table.string('failure_reason', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable('migrations', (table) => {
      table.dropColumn('failure_reason')
    })
  }
}
