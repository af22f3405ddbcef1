import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { memberAdminService } from '../services/member_admin_service.js'
import { setMemberBlock } from '../services/member_blocks.js'
import { memberBlockValidator, memberFormValidator, memberListValidator } from '../validators.js'

function memberIdParam(params: Record<string, string>) {
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError('Member not found', 404)
  return id
}

/** /api/admin/members: list, stats, details, create, edit, delete. */
export default class AdminMembersController {
  async index({ request }: HttpContext) {
    const filters = await memberListValidator.validate(request.qs())
    return { success: true, ...(await memberAdminService.list(filters)) }
  }

  async stats() {
    return { success: true, stats: await memberAdminService.stats() }
  }

  async show({ params }: HttpContext) {
    return { success: true, member: await memberAdminService.find(memberIdParam(params)) }
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(memberFormValidator)
    const member = await memberAdminService.create(input)
    return response.created({ success: true, message: 'Member created successfully', member })
  }

  async update({ request, params }: HttpContext) {
    const input = await request.validateUsing(memberFormValidator)
    const member = await memberAdminService.update(memberIdParam(params), input)
    return { success: true, message: 'Member updated successfully', member }
  }

  /** Block or unblock a principal, with or without a migration (issue 14 #1). */
  async block({ request, params, auth }: HttpContext) {
    const { action, reason } = await request.validateUsing(memberBlockValidator)
    return { success: true, ...(await setMemberBlock(memberIdParam(params), action, auth.use('admin').user!.username, { reason })) }
  }

  async destroy({ params }: HttpContext) {
    await memberAdminService.delete(memberIdParam(params))
    return { success: true, message: 'Member deleted successfully' }
  }
}
