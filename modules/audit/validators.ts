import vine from '@vinejs/vine'
import { AUDIT_SORTS, type AuditSort } from './services/audit_service.js'

const day = vine
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
const text = vine.string().trim().maxLength(120).optional()

/** GET /api/admin/audit-log query: filters (empty ones dropped by the controller), paging. */
export const auditListValidator = vine.compile(
  vine.object({
    entityType: text,
    entityId: text,
    actor: text,
    action: text,
    from: day,
    to: day,
    page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(500).optional(),
    /** The column header's sort (When, Who, Action, Entity); default When, newest first. */
    sort: vine.enum(Object.keys(AUDIT_SORTS) as AuditSort[]).optional(),
    direction: vine.enum(['asc', 'desc'] as const).optional(),
  })
)
