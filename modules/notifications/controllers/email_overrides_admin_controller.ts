import type { HttpContext } from '@adonisjs/core/http'
import { emailOverrideAdminService } from '../services/email_override_admin_service.js'
import { createOverrideValidator, idParamValidator, memberSearchValidator, updateOverrideValidator } from '../admin_validators.js'

/** Email Overrides screen: CRUD and the member search of the add dialog. */
export default class EmailOverridesAdminController {
  async index() {
    return { success: true, overrides: await emailOverrideAdminService.list() }
  }

  async show({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    return { success: true, override: await emailOverrideAdminService.get(id) }
  }

  async store({ request, response, auth }: HttpContext) {
    const input = await request.validateUsing(createOverrideValidator)
    const override = await emailOverrideAdminService.create(input, auth.use('admin').user!.username)
    return response.created({ success: true, override })
  }

  async update({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    const input = await request.validateUsing(updateOverrideValidator)
    return { success: true, override: await emailOverrideAdminService.update(id, input) }
  }

  async destroy({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    await emailOverrideAdminService.remove(id)
    return { success: true }
  }

  async searchMembers({ request }: HttpContext) {
    const { q } = await memberSearchValidator.validate(request.qs())
    return { success: true, members: await emailOverrideAdminService.searchMembers(q) }
  }
}
