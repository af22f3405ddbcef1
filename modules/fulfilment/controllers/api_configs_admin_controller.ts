import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { apiConfigAdminService } from '../services/api_config_admin_service.js'
import { apiConfigValidator, idParamValidator } from '../admin_validators.js'

/** API Configs screen. The list answer is the bare array of the spec; secrets are masked. */
export default class ApiConfigsAdminController {
  async index() {
    return apiConfigAdminService.list()
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(apiConfigValidator)
    return ctx.response.created({ success: true, config: await apiConfigAdminService.create(input, adminActor(ctx)) })
  }

  async update(ctx: HttpContext) {
    const { id } = await idParamValidator.validate(ctx.request.params())
    const input = await ctx.request.validateUsing(apiConfigValidator)
    return { success: true, config: await apiConfigAdminService.update(id, input, adminActor(ctx)) }
  }

  async destroy(ctx: HttpContext) {
    const { id } = await idParamValidator.validate(ctx.request.params())
    await apiConfigAdminService.remove(id, adminActor(ctx))
    return { success: true }
  }
}
