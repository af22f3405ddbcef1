import type { ApiAnswer } from '../../../common/api_contract'

/** GET /api/admin/migrations/{id}: the migration with its members, installments and emails. */
export type MigrationDetail = ApiAnswer<'/api/admin/migrations/{id}', 'get'>['migration']
