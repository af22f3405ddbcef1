import type { HttpContext } from '@adonisjs/core/http'
import { sendSharedJson } from '#modules/shared/index'
import { AUDIT_EXPORT_COLUMNS, auditLog } from '../services/audit_service.js'
import { sendListExport } from '../services/list_export.js'
import { auditExportValidator, auditListValidator } from '../validators.js'
import type { AdminAuditLogIndexAnswer } from '../api_docs.js'

/** The query without its empty parameters (an emptied filter box sends `actor=`). */
const filled = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''))

/** GET /api/admin/audit-log: read-only (admin area); a page shared by the admins asking for it. */
export default class AuditLogController {
  async index(ctx: HttpContext) {
    const { page, limit, ...filters } = await auditListValidator.validate(filled(ctx.request.qs()))
    const answer: Omit<AdminAuditLogIndexAnswer, 'success'> = await auditLog.list({
      ...filters,
      page,
      limit,
    })
    sendSharedJson(ctx, answer)
  }

  /** Every entry of the list's filters as CSV or XLSX (streamed; the export is itself audited). */
  async export(ctx: HttpContext) {
    const { format, ...filters } = await auditExportValidator.validate(filled(ctx.request.qs()))
    await sendListExport(ctx, {
      list: 'audit_log',
      filters,
      format: format ?? 'csv',
      columns: AUDIT_EXPORT_COLUMNS,
      source: auditLog.exportSource(filters),
    })
  }
}
