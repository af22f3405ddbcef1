import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { adminAccountsService } from '../services/admin_accounts_service.js'
import { adminListValidator, changePasswordValidator, createAdminValidator, updateAdminValidator } from '../validators.js'

function adminIdParam(params: Record<string, string>) {
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError('Admin not found', 404)
  return id
}

/** /api/admin/admin-users: administrator accounts. */
export default class AdminUsersController {
  async index({ request }: HttpContext) {
    const filters = await adminListValidator.validate(request.qs())
    return { success: true, ...(await adminAccountsService.list(filters)) }
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(createAdminValidator)
    const admin = await adminAccountsService.create(input)
    return response.created({ success: true, message: 'Admin created successfully', admin })
  }

  async update({ request, params }: HttpContext) {
    const input = await request.validateUsing(updateAdminValidator)
    const admin = await adminAccountsService.update(adminIdParam(params), input)
    return { success: true, message: 'Admin updated successfully', admin }
  }

  async changePassword({ request, params }: HttpContext) {
    const { newPassword } = await request.validateUsing(changePasswordValidator)
    await adminAccountsService.changePassword(adminIdParam(params), newPassword)
    return { success: true, message: 'Password changed successfully' }
  }

  async destroy({ params, auth }: HttpContext) {
    await adminAccountsService.delete(adminIdParam(params), auth.use('admin').user!.id)
    return { success: true, message: 'Admin deleted successfully' }
  }
}
