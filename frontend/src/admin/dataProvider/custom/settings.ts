import { call } from '../httpClient'
import type { ApiAnswer } from '../../../common/api_contract'

/** The Settings screen: the settings by category, their bulk save, format choices, the cache. */
export const settingsMethods = {
  settings: () => call<ApiAnswer<'/api/admin/settings', 'get'>>('GET', '/admin/settings'),
  bulkUpdateSettings: (updates: { setting_key: string; setting_value: unknown }[]) =>
    call<ApiAnswer<'/api/admin/settings/bulk-update', 'post'>>(
      'POST',
      '/admin/settings/bulk-update',
      { updates }
    ),
  formatOptions: (kind: 'date-formats' | 'time-formats') =>
    call<ApiAnswer<'/api/admin/settings/options/date-formats', 'get'>>(
      'GET',
      `/admin/settings/options/${kind}`
    ),
  clearSettingsCache: () =>
    call<ApiAnswer<'/api/admin/settings/clear-cache', 'post'>>(
      'POST',
      '/admin/settings/clear-cache'
    ),
}
