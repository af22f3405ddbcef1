/** Migration row as the back-office endpoints answer it. */
export interface MigrationRow {
  id: number
  migration_reference: string | null
  insured_full_name: string
  member_id_str: string
  email: string | null
  total_amount: number
  currency: string
  duration_days: number
  duration_type: string
  end_date: string | null
  status: string
  payment_status: string
  document_status: string
  email_status: string
  api_status: string
  created_at: string
  completed_at: string | null
  payment_frequency: string
  subscription_status: string | null
  /** Why a migration failed or was withdrawn (set by the server), null otherwise. */
  failure_reason?: string | null
}

export interface DashboardStats {
  migrations: { total: number; completed: number; pending: number; failed: number; completedToday: number }
  members: { total: number; principals: number; unmigrated: number; withDisabledProducts: number }
  products: { disabled: number }
  subscriptions: { active: number; canceled: number; earlyCancellations: number; monthlyRevenue: number; totalRevenue: number }
  recentMigrations: MigrationRow[]
}

/** Share of a total as a percentage with one decimal ("50.0"). */
export function percentage(part: number, total: number): string {
  return total > 0 ? ((part / total) * 100).toFixed(1) : '0.0'
}

/** GET /api/admin/dashboard-charts (docs/operations.md §6). */
export interface DashboardChartsData {
  timezone: string
  days: { date: string; started: number; completed: number }[]
  revenueByCurrency: { currency: string; amount: number; amountUsd: number }[]
  statuses: { status: string; count: number }[]
}
