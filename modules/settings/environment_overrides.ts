import env from '#start/env'
import { SETTINGS_CATALOGUE } from './catalogue.js'

/**
 * Settings that an environment variable of the same name can pin
 * (docs/configuration.md, "Environment over settings"): when the variable is
 * set and not empty it wins over the stored value, which stays editable and
 * takes effect again once the variable is removed.
 */
const ENVIRONMENT_KEYS = new Set(
  SETTINGS_CATALOGUE.filter((entry) => entry.environment).map((entry) => entry.key)
)

/** The environment's value for a setting, or null when the setting has none or the variable is unset. */
export function environmentValue(key: string): string | null {
  if (!ENVIRONMENT_KEYS.has(key)) return null
  const value = String(env.get(key as never) ?? '').trim()
  return value === '' ? null : value
}
