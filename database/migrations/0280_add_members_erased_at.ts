import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * When an administrator answered the member's erasure request (docs/privacy.md): set once, under
 * the member's row lock, so a second request finds it set and changes nothing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('members', (table) => {
      table.timestamp('erased_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('members', (table) => {
      table.dropColumn('erased_at')
    })
  }
}
