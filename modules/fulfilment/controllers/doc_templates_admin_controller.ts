import type { HttpContext } from '@adonisjs/core/http'
import { docTemplateAdminService } from '../services/doc_template_admin_service.js'
import { docTemplateValidator, idParamValidator } from '../admin_validators.js'

/** Doc Templates screen. The list answer is the bare array of the spec. */
export default class DocTemplatesAdminController {
  async index() {
    return docTemplateAdminService.list()
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(docTemplateValidator)
    return response.created({ success: true, template: await docTemplateAdminService.create(input) })
  }

  async destroy({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    await docTemplateAdminService.remove(id)
    return { success: true }
  }
}
