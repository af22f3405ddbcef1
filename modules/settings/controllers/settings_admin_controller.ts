import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { settingsAdminService } from '../services/settings_admin_service.js'
import { DATE_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '../format_options.js'
import { bulkSettingsValidator, settingKeyValidator, settingValueValidator } from '../validators.js'
import type {
  AdminSettingsBulkUpdateAnswer,
  AdminSettingsIndexAnswer,
  AdminSettingsDateFormatsAnswer,
  AdminSettingsShowAnswer,
  SettingsMessageAnswer,
} from '../api_docs.js'

/** Settings screen: grouped list, one setting, bulk save, format options, cache. */
export default class SettingsAdminController {
  async index(): Promise<AdminSettingsIndexAnswer> {
    return { success: true, settings: await settingsAdminService.grouped() }
  }

  async show({ request }: HttpContext): Promise<AdminSettingsShowAnswer> {
    const { key } = await settingKeyValidator.validate(request.params())
    return { success: true, setting: await settingsAdminService.get(key) }
  }

  async update(ctx: HttpContext): Promise<AdminSettingsShowAnswer> {
    const { key } = await settingKeyValidator.validate(ctx.request.params())
    const { value } = await ctx.request.validateUsing(settingValueValidator)
    return {
      success: true,
      setting: await settingsAdminService.update(key, value, adminActor(ctx)),
    }
  }

  async bulkUpdate(ctx: HttpContext): Promise<AdminSettingsBulkUpdateAnswer> {
    const { updates } = await ctx.request.validateUsing(bulkSettingsValidator)
    const settings = await settingsAdminService.bulkUpdate(updates, adminActor(ctx))
    return { success: true, updated: settings.length, settings }
  }

  async dateFormats(): Promise<AdminSettingsDateFormatsAnswer> {
    return { success: true, options: DATE_FORMAT_OPTIONS }
  }

  async timeFormats(): Promise<AdminSettingsDateFormatsAnswer> {
    return { success: true, options: TIME_FORMAT_OPTIONS }
  }

  async clearCache(): Promise<SettingsMessageAnswer> {
    settingsAdminService.clearCache()
    return { success: true, message: 'Settings cache cleared' }
  }
}
