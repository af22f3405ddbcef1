import type { ApiAnswer } from '../../../common/api_contract'

/** GET /api/admin/migrations/{id}/outbox: the insurer calls and the other jobs of a migration. */
export type Outbox = ApiAnswer<'/api/admin/migrations/{id}/outbox', 'get'>
