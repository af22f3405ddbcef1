import vine from '@vinejs/vine'
import { EXPORT_FORMATS } from '#modules/shared/index'
import { AUDIT_SORTS, type AuditSort } from './services/audit_service.js'

const day = vine
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
const text = vine.string().trim().maxLength(120).optional()

/** GET /api/admin/audit-log query: filters (empty ones dropped by the controller), paging. */
const auditFilterFields = {
  entityType: text,
  entityId: text,
  actor: text,
  action: text,
  from: day,
  to: day,
  /** The column header's sort (When, Who, Action, Entity); default When, newest first. */
  sort: vine.enum(Object.keys(AUDIT_SORTS) as AuditSort[]).optional(),
  direction: vine.enum(['asc', 'desc'] as const).optional(),
}

export const auditListValidator = vine.compile(
  vine.object({
    ...auditFilterFields,
    page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(500).optional(),
  })
)

/** GET /api/admin/audit-log-export: the list's filters, every entry (newest first), the file format. */
export const auditExportValidator = vine.compile(
  vine.object({ ...auditFilterFields, format: vine.enum(EXPORT_FORMATS).optional() })
)
