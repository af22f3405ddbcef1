import { ApiError } from '#modules/shared/index'
import type { Actor } from '#modules/audit/index'
import { BRANDING_KEYS, getBranding, type Branding } from './branding_service.js'
import { settingsAdminService } from './settings_admin_service.js'

/** PUT /api/branding: the GET /api/branding shape, partially, saved as BRAND_* settings. */
export async function updateBranding(changes: Partial<Branding>, actor: Actor) {
  const updates = Object.entries(changes)
    .filter(([field, value]) => value !== undefined && field in BRANDING_KEYS)
    .map(([field, value]) => ({
      setting_key: BRANDING_KEYS[field as keyof Branding],
      setting_value: value,
    }))
  if (updates.length === 0) throw new ApiError('No branding field to update', 422)
  await settingsAdminService.bulkUpdate(updates, actor, 'branding.update')
  return getBranding()
}
