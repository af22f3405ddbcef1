import type { HttpContext } from '@adonisjs/core/http'
import { auditLog } from '../services/audit_service.js'
import { auditListValidator } from '../validators.js'
import type { AdminAuditLogIndexAnswer } from '../api_docs.js'

/** GET /api/admin/audit-log: read-only (admin area). */
export default class AuditLogController {
  async index({ request }: HttpContext): Promise<AdminAuditLogIndexAnswer> {
    const query = Object.fromEntries(
      Object.entries(request.qs()).filter(([, value]) => value !== '')
    )
    const { page, limit, ...filters } = await auditListValidator.validate(query)
    const { entries, total } = await auditLog.list({ ...filters, page, limit })
    return { success: true, entries, total }
  }
}
