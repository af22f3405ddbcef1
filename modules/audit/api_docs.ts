import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import { auditExportValidator, auditListValidator } from './validators.js'

export const AdminAuditLogIndexAnswer = Type.Object({
  success: Type.Literal(true),
  total: Type.Integer(),
  entries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      at: Nullable(Type.String()),
      actor: Type.String(),
      action: Type.String(),
      entityType: Type.String(),
      entityId: Nullable(Type.String()),
      before: Nullable(Type.Record(Type.String(), Type.Unknown())),
      after: Nullable(Type.Record(Type.String(), Type.Unknown())),
    })
  ),
})
export type AdminAuditLogIndexAnswer = Static<typeof AdminAuditLogIndexAnswer>

/** The contract of the audit trail's (read-only) routes. */
documentRoutes({
  'admin.audit_log.export': {
    summary:
      "Every audit entry of the list's filters, newest first, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe; the export is itself audited (list.export)",
    access: 'admin',
    query: auditExportValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.audit_log.index': {
    summary: 'Audit entries, newest first, filtered and paged',
    access: 'admin',
    query: auditListValidator,
    responses: {
      200: AdminAuditLogIndexAnswer,
    },
  },
})
