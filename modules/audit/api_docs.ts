import { documentRoutes } from '#modules/api_contract/index'
import { auditListValidator } from './validators.js'

const VALUES = { anyOf: [{ type: 'object' }, { type: 'null' }] }

/** The contract of the audit trail's one (read-only) route. */
documentRoutes({
  'admin.audit_log.index': {
    summary: 'Audit entries, newest first, filtered and paged',
    access: 'admin',
    query: auditListValidator,
    responses: {
      200: {
        type: 'object',
        required: ['success', 'entries', 'total'],
        properties: {
          success: { const: true },
          total: { type: 'integer' },
          entries: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'at', 'actor', 'action', 'entityType', 'entityId', 'before', 'after'],
              properties: {
                id: { type: 'integer' },
                at: { type: 'string' },
                actor: { type: 'string' },
                action: { type: 'string' },
                entityType: { type: 'string' },
                entityId: { type: ['string', 'null'] },
                before: VALUES,
                after: VALUES,
              },
            },
          },
        },
      },
    },
  },
})
