import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { docTemplateAdminService } from '../services/doc_template_admin_service.js'
import { docTemplateValidator, idParamValidator } from '../validators.js'
import type {
  AdminDocTemplatesDestroyAnswer,
  AdminDocTemplatesIndexAnswer,
  AdminDocTemplatesStore201Answer,
} from '../api_docs.js'

/** Doc Templates screen. The list answer is the bare array of the spec. */
export default class DocTemplatesAdminController {
  async index(): Promise<AdminDocTemplatesIndexAnswer> {
    return docTemplateAdminService.list()
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(docTemplateValidator)
    return ctx.response.created({
      success: true,
      template: await docTemplateAdminService.create(input, adminActor(ctx)),
    } satisfies AdminDocTemplatesStore201Answer)
  }

  async destroy(ctx: HttpContext): Promise<AdminDocTemplatesDestroyAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    await docTemplateAdminService.remove(id, adminActor(ctx))
    return { success: true }
  }
}
