import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { emailOverrideAdminService } from '../services/email_override_admin_service.js'
import {
  createOverrideValidator,
  idParamValidator,
  memberSearchValidator,
  updateOverrideValidator,
} from '../admin_validators.js'
import type {
  AdminEmailOverridesDestroyAnswer,
  AdminEmailOverridesIndexAnswer,
  AdminEmailOverridesSearchMembersAnswer,
  AdminEmailOverridesShowAnswer,
} from '../api_docs.js'

/** Email Overrides screen: CRUD and the member search of the add dialog. */
export default class EmailOverridesAdminController {
  async index(): Promise<AdminEmailOverridesIndexAnswer> {
    return { success: true, overrides: await emailOverrideAdminService.list() }
  }

  async show({ request }: HttpContext): Promise<AdminEmailOverridesShowAnswer> {
    const { id } = await idParamValidator.validate(request.params())
    return { success: true, override: await emailOverrideAdminService.get(id) }
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createOverrideValidator)
    const override = await emailOverrideAdminService.create(input, adminActor(ctx))
    return ctx.response.created({
      success: true,
      override,
    } satisfies AdminEmailOverridesShowAnswer)
  }

  async update(ctx: HttpContext): Promise<AdminEmailOverridesShowAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    const input = await ctx.request.validateUsing(updateOverrideValidator)
    return {
      success: true,
      override: await emailOverrideAdminService.update(id, input, adminActor(ctx)),
    }
  }

  async destroy(ctx: HttpContext): Promise<AdminEmailOverridesDestroyAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    await emailOverrideAdminService.remove(id, adminActor(ctx))
    return { success: true }
  }

  async searchMembers({ request }: HttpContext): Promise<AdminEmailOverridesSearchMembersAnswer> {
    const { q } = await memberSearchValidator.validate(request.qs())
    return { success: true, members: await emailOverrideAdminService.searchMembers(q) }
  }
}
