import type { HttpContext } from '@adonisjs/core/http'
import { apiConfigAdminService } from '../services/api_config_admin_service.js'
import { apiConfigValidator, idParamValidator } from '../admin_validators.js'

/** API Configs screen. The list answer is the bare array of the spec; secrets are masked. */
export default class ApiConfigsAdminController {
  async index() {
    return apiConfigAdminService.list()
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(apiConfigValidator)
    return response.created({ success: true, config: await apiConfigAdminService.create(input) })
  }

  async update({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    const input = await request.validateUsing(apiConfigValidator)
    return { success: true, config: await apiConfigAdminService.update(id, input) }
  }

  async destroy({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    await apiConfigAdminService.remove(id)
    return { success: true }
  }
}
