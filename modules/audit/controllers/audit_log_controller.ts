import type { HttpContext } from '@adonisjs/core/http'
import { sendSharedJson } from '#modules/shared/index'
import { auditLog } from '../services/audit_service.js'
import { auditListValidator } from '../validators.js'
import type { AdminAuditLogIndexAnswer } from '../api_docs.js'

/** GET /api/admin/audit-log: read-only (admin area); a page shared by the admins asking for it. */
export default class AuditLogController {
  async index(ctx: HttpContext) {
    const { request } = ctx
    const query = Object.fromEntries(
      Object.entries(request.qs()).filter(([, value]) => value !== '')
    )
    const { page, limit, ...filters } = await auditListValidator.validate(query)
    const answer: Omit<AdminAuditLogIndexAnswer, 'success'> = await auditLog.list({
      ...filters,
      page,
      limit,
    })
    sendSharedJson(ctx, answer)
  }
}
