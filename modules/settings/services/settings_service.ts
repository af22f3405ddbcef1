import { referenceCache } from '#modules/shared/index'
import Setting from '../models/setting.js'
import { SETTINGS_CATALOGUE } from '../catalogue.js'
import { environmentValue } from '../environment_overrides.js'

/**
 * Every stored value, cached per process until any process changes a setting
 * (modules/shared/reference_cache.ts: settingsAdminService bumps the version in its transaction).
 */
const cache = referenceCache('settings', async () => {
  const rows = await Setting.query().select('setting_key', 'setting_value')
  return new Map<string, string | null>(rows.map((row) => [row.setting_key, row.setting_value]))
})

/** Reads settings with catalogue defaults. */
export const settingsService = {
  /** The stored values (a shared map: read it, never change it). */
  all(): Promise<Map<string, string | null>> {
    return cache.get()
  },

  /** A setting's value: its environment variable when it has one set, else the stored value; empty or missing falls back to the catalogue default, then to `fallback`. */
  async get(key: string, fallback = ''): Promise<string> {
    const value = environmentValue(key) ?? (await this.all()).get(key)
    if (value !== null && value !== undefined && value !== '') return value
    const defined = SETTINGS_CATALOGUE.find((entry) => entry.key === key)
    return defined?.value || fallback
  },

  /** The value without catalogue defaults ('' when unset): for settings where empty means "off". The environment wins here too. */
  async raw(key: string): Promise<string> {
    return environmentValue(key) ?? (await this.all()).get(key) ?? ''
  },

  async getNumber(key: string, fallback: number): Promise<number> {
    const value = Number(await this.get(key, String(fallback)))
    return Number.isFinite(value) ? value : fallback
  },

  clearCache() {
    cache.clear()
  },
}
