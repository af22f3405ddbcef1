import Setting from '../models/setting.js'
import { SETTINGS_CATALOGUE } from '../catalogue.js'
import { environmentValue } from '../environment_overrides.js'

/** How long a process trusts its cached settings before reading them again. */
const CACHE_TTL_MS = 5_000

let cache: { at: number; values: Map<string, string | null> } | null = null

/**
 * Reads settings with catalogue defaults. Values are cached briefly per
 * process; writes through this module clear the cache at once.
 */
export const settingsService = {
  async all(): Promise<Map<string, string | null>> {
    if (cache && Date.now() - cache.at < CACHE_TTL_MS) return cache.values
    const rows = await Setting.query().select('setting_key', 'setting_value')
    const values = new Map<string, string | null>(
      rows.map((row) => [row.setting_key, row.setting_value])
    )
    cache = { at: Date.now(), values }
    return values
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
    cache = null
  },
}
