import type { HttpContext } from '@adonisjs/core/http'
import { emailTemplateAdminService } from '../services/email_template_admin_service.js'
import { TEMPLATE_VARIABLES } from '../template_variables.js'
import { emailTemplateValidator, idParamValidator, templatePreviewValidator } from '../admin_validators.js'

/** Email Templates screen: CRUD, activation, variables and preview. */
export default class EmailTemplatesAdminController {
  async index() {
    return { success: true, templates: await emailTemplateAdminService.list() }
  }

  async show({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    return { success: true, template: await emailTemplateAdminService.get(id) }
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(emailTemplateValidator)
    return response.created({ success: true, template: await emailTemplateAdminService.create(input) })
  }

  async update({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    const input = await request.validateUsing(emailTemplateValidator)
    return { success: true, template: await emailTemplateAdminService.update(id, input) }
  }

  async destroy({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    await emailTemplateAdminService.remove(id)
    return { success: true }
  }

  async activate({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    return { success: true, template: await emailTemplateAdminService.activate(id) }
  }

  async variables() {
    return { success: true, ...TEMPLATE_VARIABLES }
  }

  async preview({ request }: HttpContext) {
    const input = await request.validateUsing(templatePreviewValidator)
    return { success: true, ...emailTemplateAdminService.preview({ subject: input.subject ?? '', html_content: input.html_content }) }
  }
}
