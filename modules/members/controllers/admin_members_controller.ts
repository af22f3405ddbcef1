import type { HttpContext } from '@adonisjs/core/http'
import { ApiError, sendSharedJson } from '#modules/shared/index'
import { adminActor, sendListExport } from '#modules/audit/index'
import { memberAdminService } from '../services/member_admin_service.js'
import { setMemberBlock, setMembersBlock } from '../services/member_blocks.js'
import { MEMBER_EXPORT_COLUMNS, memberExportSource } from '../services/member_export.js'
import {
  memberBlockValidator,
  memberBulkBlockValidator,
  memberExportValidator,
  memberFormValidator,
  memberListValidator,
} from '../validators.js'
import type {
  AdminMembersBlockAnswer,
  AdminMembersBulkBlockAnswer,
  AdminMembersDestroyAnswer,
  AdminMembersIndexAnswer,
  AdminMembersShowAnswer,
  AdminMembersStatsAnswer,
  AdminMembersSavedAnswer,
} from '../api_docs.js'

function memberIdParam(params: Record<string, string>) {
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError('Member not found', 404)
  return id
}

/** /api/admin/members: list, stats, details, create, edit, delete. */
export default class AdminMembersController {
  /** A page shared by the admins asking for it: serialised and compressed once (sendSharedJson). */
  async index(ctx: HttpContext) {
    const filters = await memberListValidator.validate(ctx.request.qs())
    const answer: Omit<AdminMembersIndexAnswer, 'success'> = await memberAdminService.list(filters)
    sendSharedJson(ctx, answer)
  }

  /** The list's filtered, sorted rows as CSV or XLSX, streamed and audited (sendListExport). */
  async export(ctx: HttpContext) {
    const { format, sort, direction, ...filters } = await memberExportValidator.validate(
      ctx.request.qs()
    )
    await sendListExport(ctx, {
      list: 'members',
      filters: { ...filters, sort, direction },
      format: format ?? 'csv',
      columns: MEMBER_EXPORT_COLUMNS,
      source: memberExportSource(filters, sort, direction),
    })
  }

  async stats(): Promise<AdminMembersStatsAnswer> {
    return { success: true, stats: await memberAdminService.stats() }
  }

  async show({ params }: HttpContext): Promise<AdminMembersShowAnswer> {
    return { success: true, member: await memberAdminService.find(memberIdParam(params)) }
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(memberFormValidator)
    const member = await memberAdminService.create(input, adminActor(ctx))
    return ctx.response.created({
      success: true,
      message: 'Member created successfully',
      member,
    } satisfies AdminMembersSavedAnswer)
  }

  async update(ctx: HttpContext): Promise<AdminMembersSavedAnswer> {
    const input = await ctx.request.validateUsing(memberFormValidator)
    const member = await memberAdminService.update(
      memberIdParam(ctx.params),
      input,
      adminActor(ctx)
    )
    return { success: true, message: 'Member updated successfully', member }
  }

  /** Block or unblock a principal, with or without a migration. */
  async block(ctx: HttpContext): Promise<AdminMembersBlockAnswer> {
    const { action, reason } = await ctx.request.validateUsing(memberBlockValidator)
    return {
      success: true,
      ...(await setMemberBlock(memberIdParam(ctx.params), action, adminActor(ctx), { reason })),
    }
  }

  /** Block or unblock the selected members, each audited (the Members list's bulk action). */
  async bulkBlock(ctx: HttpContext): Promise<AdminMembersBulkBlockAnswer> {
    const { memberIds, action, reason } = await ctx.request.validateUsing(memberBulkBlockValidator)
    return { success: true, ...(await setMembersBlock(memberIds, action, adminActor(ctx), reason)) }
  }

  async destroy(ctx: HttpContext): Promise<AdminMembersDestroyAnswer> {
    await memberAdminService.delete(memberIdParam(ctx.params), adminActor(ctx))
    return { success: true, message: 'Member deleted successfully' }
  }
}
