import type { ApiAnswer } from '../../../common/api_contract'

/** Migration row as the back-office endpoints answer it (the schema leaves the failure reason untyped). */
type ListedMigration = ApiAnswer<'/api/admin/migrations', 'get'>['migrations'][number]
export type MigrationRow = Omit<ListedMigration, 'failure_reason'> & { failure_reason?: string | null }
export type DashboardStats = ApiAnswer<'/api/admin/dashboard-stats', 'get'>
/** GET /api/admin/dashboard-charts (docs/operations.md §6). */
export type DashboardChartsData = ApiAnswer<'/api/admin/dashboard-charts', 'get'>
