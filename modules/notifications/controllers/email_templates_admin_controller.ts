import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { emailTemplateAdminService } from '../services/email_template_admin_service.js'
import { TEMPLATE_VARIABLES } from '../template_variables.js'
import {
  emailTemplateValidator,
  idParamValidator,
  templatePreviewValidator,
} from '../admin_validators.js'
import type {
  AdminEmailOverridesDestroyAnswer,
  AdminEmailTemplatesActivateAnswer,
  AdminEmailTemplatesIndexAnswer,
  AdminEmailTemplatesPreviewAnswer,
  AdminEmailTemplatesVariablesAnswer,
} from '../api_docs.js'

/** Email Templates screen: CRUD, activation, variables and preview. */
export default class EmailTemplatesAdminController {
  async index(): Promise<AdminEmailTemplatesIndexAnswer> {
    return { success: true, templates: await emailTemplateAdminService.list() }
  }

  async show({ request }: HttpContext): Promise<AdminEmailTemplatesActivateAnswer> {
    const { id } = await idParamValidator.validate(request.params())
    return { success: true, template: await emailTemplateAdminService.get(id) }
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(emailTemplateValidator)
    return ctx.response.created({
      success: true,
      template: await emailTemplateAdminService.create(input, adminActor(ctx)),
    } satisfies AdminEmailTemplatesActivateAnswer)
  }

  async update(ctx: HttpContext): Promise<AdminEmailTemplatesActivateAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    const input = await ctx.request.validateUsing(emailTemplateValidator)
    return {
      success: true,
      template: await emailTemplateAdminService.update(id, input, adminActor(ctx)),
    }
  }

  async destroy(ctx: HttpContext): Promise<AdminEmailOverridesDestroyAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    await emailTemplateAdminService.remove(id, adminActor(ctx))
    return { success: true }
  }

  async activate(ctx: HttpContext): Promise<AdminEmailTemplatesActivateAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    return {
      success: true,
      template: await emailTemplateAdminService.activate(id, adminActor(ctx)),
    }
  }

  async variables(): Promise<AdminEmailTemplatesVariablesAnswer> {
    return { success: true, ...TEMPLATE_VARIABLES }
  }

  async preview({ request }: HttpContext): Promise<AdminEmailTemplatesPreviewAnswer> {
    const input = await request.validateUsing(templatePreviewValidator)
    return {
      success: true,
      ...emailTemplateAdminService.preview({
        subject: input.subject ?? '',
        html_content: input.html_content,
      }),
    }
  }
}
