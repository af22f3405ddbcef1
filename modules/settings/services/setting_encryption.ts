import encryption from '@adonisjs/core/services/encryption'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** Marks a stored value encrypted with the app key (APP_KEY). */
const PREFIX = 'enc:v1:'

/** Sensitive settings (marked so, or of type password) are stored encrypted. */
export function isSecretSetting(setting: { is_sensitive?: boolean; setting_type?: string }) {
  return setting.is_sensitive === true || setting.setting_type === 'password'
}

function isEncryptedValue(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX)
}

/** Encrypts a non-empty value once (an already encrypted value is kept). */
export function encryptSettingValue(value: string | null): string | null {
  if (!value || isEncryptedValue(value)) return value
  return PREFIX + encryption.encrypt(value)
}

/**
 * The clear value of a stored one. A value that no longer decrypts (APP_KEY
 * changed) reads as unset rather than as cipher text sent to a provider.
 */
export function decryptSettingValue(value: string | null): string | null {
  if (!isEncryptedValue(value)) return value
  return encryption.decrypt<string>(value.slice(PREFIX.length)) ?? null
}

/** Encrypts sensitive values still stored in clear (run by migration 0035); returns how many. */
export async function encryptClearSecrets(db: QueryClientContract): Promise<number> {
  const rows = await db
    .from('settings')
    .where((query) => query.where('is_sensitive', true).orWhere('setting_type', 'password'))
    .select('id', 'setting_value')
  let count = 0
  for (const row of rows) {
    if (!row.setting_value || isEncryptedValue(row.setting_value)) continue
    await db
      .from('settings')
      .where('id', row.id)
      .update({ setting_value: encryptSettingValue(row.setting_value) })
    count++
  }
  return count
}
