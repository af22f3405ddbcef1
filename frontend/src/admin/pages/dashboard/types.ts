import type { ApiAnswer } from '../../../common/api_contract'

/** Migration row as the back-office list answers it. */
export type MigrationRow = ApiAnswer<'/api/admin/migrations', 'get'>['migrations'][number]
export type DashboardStats = ApiAnswer<'/api/admin/dashboard-stats', 'get'>
/** GET /api/admin/dashboard-charts (docs/operations.md §6). */
export type DashboardChartsData = ApiAnswer<'/api/admin/dashboard-charts', 'get'>
