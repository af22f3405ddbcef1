import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Follow-up reminders (docs/operations.md): one row per member, reason and
 * day, claimed before the email is sent. The unique key makes a second run
 * on the same day (or a simultaneous one in another process) send nothing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('invitation_reminders', (table) => {
      table.increments('id')
      table
        .integer('member_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('members')
        .onDelete('CASCADE')
      table.string('reason', 32).notNullable()
      table.date('day').notNullable()
      table.integer('email_delivery_id').unsigned().nullable()
      table.string('status', 16).notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['member_id', 'reason', 'day'])
    })
  }

  async down() {
    this.schema.dropTable('invitation_reminders')
  }
}
