import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { updateBranding } from '../services/branding_admin_service.js'
import { settingsAdminService } from '../services/settings_admin_service.js'
import { brandingValidator } from '../validators.js'

/** Admin writes on the public /api/branding path (guarded by the area guard's list of admin writes). */
export default class BrandingAdminController {
  async update(ctx: HttpContext) {
    const changes = await ctx.request.validateUsing(brandingValidator)
    return { success: true, branding: await updateBranding(changes, adminActor(ctx)) }
  }

  async clearCache() {
    settingsAdminService.clearCache()
    return { success: true, message: 'Branding cache cleared' }
  }
}
