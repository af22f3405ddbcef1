import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A dunning case ends without payment when the coverage lapses (docs/payments.md, "Lapse"):
 * `ended_at` stops its reminders, `ended_reason` says why ('lapsed').
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('dunning_cases', (table) => {
      table.timestamp('ended_at').nullable()
      table.string('ended_reason', 32).nullable()
    })
  }

  async down() {
    this.schema.alterTable('dunning_cases', (table) => {
      table.dropColumn('ended_at')
      table.dropColumn('ended_reason')
    })
  }
}
