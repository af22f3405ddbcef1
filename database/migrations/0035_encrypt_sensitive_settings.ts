import { BaseSchema } from '@adonisjs/lucid/schema'
import { encryptClearSecrets } from '#modules/settings/index'

/**
 * Sensitive settings (is_sensitive or type password, e.g.
 * EXCHANGE_RATES_API_KEY) are stored encrypted with the app key from now on:
 * values stored in clear before are encrypted here. Rolling back leaves them
 * encrypted (writing secrets back in clear is not a wanted undo).
 */
export default class extends BaseSchema {
  async up() {
    this.defer((db) => encryptClearSecrets(db).then(() => undefined))
  }

  async down() {}
}
