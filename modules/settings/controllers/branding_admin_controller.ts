import type { HttpContext } from '@adonisjs/core/http'
import { updateBranding } from '../services/branding_admin_service.js'
import { settingsAdminService } from '../services/settings_admin_service.js'
import { brandingValidator } from '../validators.js'

/** Admin writes on the public /api/branding path (guarded by the route's adminOnly middleware). */
export default class BrandingAdminController {
  async update({ request }: HttpContext) {
    const changes = await request.validateUsing(brandingValidator)
    return { success: true, branding: await updateBranding(changes) }
  }

  async clearCache() {
    settingsAdminService.clearCache()
    return { success: true, message: 'Branding cache cleared' }
  }
}
