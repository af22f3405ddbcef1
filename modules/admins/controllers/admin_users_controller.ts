import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { adminActor } from '#modules/audit/index'
import { adminAccountsService } from '../services/admin_accounts_service.js'
import {
  adminListValidator,
  changePasswordValidator,
  createAdminValidator,
  updateAdminValidator,
} from '../validators.js'
import type {
  AdminAdminUsersIndexAnswer,
  AdminAdminUsersStoreAnswer,
  MessageAnswer,
} from '../api_docs.js'

function adminIdParam(params: Record<string, string>) {
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError('Admin not found', 404)
  return id
}

/** /api/admin/admin-users: administrator accounts. */
export default class AdminUsersController {
  async index({ request }: HttpContext): Promise<AdminAdminUsersIndexAnswer> {
    const filters = await adminListValidator.validate(request.qs())
    return { success: true, ...(await adminAccountsService.list(filters)) }
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createAdminValidator)
    const admin = await adminAccountsService.create(input, adminActor(ctx))
    return ctx.response.created({
      success: true,
      message: 'Admin created successfully',
      admin,
    } satisfies AdminAdminUsersStoreAnswer)
  }

  async update(ctx: HttpContext): Promise<AdminAdminUsersStoreAnswer> {
    const input = await ctx.request.validateUsing(updateAdminValidator)
    const admin = await adminAccountsService.update(
      adminIdParam(ctx.params),
      input,
      adminActor(ctx)
    )
    return { success: true, message: 'Admin updated successfully', admin }
  }

  async changePassword(ctx: HttpContext): Promise<MessageAnswer> {
    const input = await ctx.request.validateUsing(changePasswordValidator)
    await adminAccountsService.changePassword(
      adminIdParam(ctx.params),
      input,
      ctx.auth.use('admin').user!.id,
      adminActor(ctx)
    )
    return { success: true, message: 'Password changed successfully' }
  }

  async destroy(ctx: HttpContext): Promise<MessageAnswer> {
    await adminAccountsService.delete(
      adminIdParam(ctx.params),
      ctx.auth.use('admin').user!.id,
      adminActor(ctx)
    )
    return { success: true, message: 'Admin deleted successfully' }
  }
}
