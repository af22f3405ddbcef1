import { BaseSchema } from '@adonisjs/lucid/schema'

const INDEX = 'email_deliveries_member_id_email_type_index'

/**
 * A member's invitation emails, read by index: the reminders' due query asks, for each unmigrated
 * principal, whether an invitation was sent and whether one was sent in the last days; a batch
 * of invitations asks which of its members have one being sent; the member screen lists them.
 * MariaDB had an index on member_id (its foreign key's); SQLite indexes no foreign key, so at
 * 100,000 members `invitations remind` read the whole table once per member (bench/tokens.ts:
 * still reading after 7 minutes, against seconds on MariaDB).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('email_deliveries', (table) => {
      table.index(['member_id', 'email_type'], INDEX)
    })
  }

  async down() {
    this.schema.alterTable('email_deliveries', (table) => {
      table.dropIndex([], INDEX)
    })
  }
}
