import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import { auditListValidator } from './validators.js'

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

/** The contract of the audit trail's one (read-only) route. */
documentRoutes({
  'admin.audit_log.index': {
    summary: 'Audit entries, newest first, filtered and paged',
    access: 'admin',
    query: auditListValidator,
    responses: {
      200: AdminAuditLogIndexAnswer,
    },
  },
})
