import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { apiConfigAdminService } from '../services/api_config_admin_service.js'
import { apiConfigValidator, idParamValidator } from '../admin_validators.js'
import type {
  AdminApiConfigsDestroyAnswer,
  AdminApiConfigsIndexAnswer,
  AdminApiConfigsSavedAnswer,
} from '../api_docs.js'

/** API Configs screen. The list answer is the bare array of the spec; secrets are masked. */
export default class ApiConfigsAdminController {
  async index(): Promise<AdminApiConfigsIndexAnswer> {
    return apiConfigAdminService.list()
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(apiConfigValidator)
    return ctx.response.created({
      success: true,
      config: await apiConfigAdminService.create(input, adminActor(ctx)),
    } satisfies AdminApiConfigsSavedAnswer)
  }

  async update(ctx: HttpContext): Promise<AdminApiConfigsSavedAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    const input = await ctx.request.validateUsing(apiConfigValidator)
    return { success: true, config: await apiConfigAdminService.update(id, input, adminActor(ctx)) }
  }

  async destroy(ctx: HttpContext): Promise<AdminApiConfigsDestroyAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    await apiConfigAdminService.remove(id, adminActor(ctx))
    return { success: true }
  }
}
