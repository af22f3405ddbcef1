import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * FRONTEND_URL used to be seeded as http://localhost:3333 whatever port the
 * server ran on. Empty now means "the address the server listens on"; the
 * old seeded value is cleared so it stops overriding that. A different value
 * an admin chose stays.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db
        .from('settings')
        .where('setting_key', 'FRONTEND_URL')
        .where('setting_value', 'http://localhost:3333')
        .update({ setting_value: '' })
    })
  }

  async down() {}
}
