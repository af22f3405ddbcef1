import Setting from '../models/setting.js'
import { SETTINGS_CATALOGUE } from '../catalogue.js'

/** DATE_FORMAT, TIME_FORMAT and any other formatting setting, for everyone to read. */
export async function publicFormattingSettings() {
  const rows = await Setting.query().where('category', 'formatting').where('is_sensitive', false)
  const stored = new Map(rows.map((row) => [row.setting_key, row.setting_value]))
  return SETTINGS_CATALOGUE.filter((entry) => entry.category === 'formatting').map((entry) => ({
    setting_key: entry.key,
    setting_value: stored.get(entry.key) || entry.value,
  }))
}
