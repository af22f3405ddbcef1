import type { ExportColumn, ExportSource } from '#modules/shared/index'
import { matching, SORT_COLUMNS, type MigrationFilters } from './migration_admin_service.js'
import {
  MIGRATION_COLUMNS,
  migrationsWithSubscription,
  presentMigration,
} from './migration_rows.js'
import { termFilterOf } from './term_filter.js'

type MigrationRow = ReturnType<typeof presentMigration>

/**
 * The Migrations list as an export (docs/backoffice.md "Exports of every list"): the list's own
 * filters (`matching`: status, term, search) and sort (newest first unless a column header is
 * chosen, ties by id), every row instead of the list's 500.
 */
export function migrationExportSource(
  filters: Omit<MigrationFilters, 'limit'>
): ExportSource<MigrationRow> {
  const column = SORT_COLUMNS[filters.sort ?? 'created_at']
  const direction = filters.direction ?? 'desc'
  return {
    async ids() {
      const window = filters.term ? await termFilterOf(filters.term) : null
      const rows = await matching(filters, window)
        .orderBy(column, direction)
        .orderBy('m.id', direction)
        .select('m.id')
      return rows.map((row) => Number(row.id))
    },
    async rows(ids) {
      const rows = await migrationsWithSubscription().whereIn('m.id', ids).select(MIGRATION_COLUMNS)
      return rows.map(presentMigration)
    },
    idOf: (row) => Number(row.id),
  }
}

/** The list's columns (admin-backoffice.md §3) and the migration's other facts. */
export const MIGRATION_EXPORT_COLUMNS: ExportColumn<MigrationRow>[] = [
  { header: 'Reference', value: (m) => m.migration_reference },
  { header: 'Member', value: (m) => m.insured_full_name },
  { header: 'Member ID', value: (m) => m.member_id_str },
  { header: 'Email', value: (m) => m.email },
  { header: 'Product', value: (m) => m.product_name },
  { header: 'Plan', value: (m) => m.plan_name },
  { header: 'Amount', value: (m) => m.total_amount },
  { header: 'Currency', value: (m) => m.currency },
  { header: 'Amount (USD)', value: (m) => m.total_amount_usd },
  { header: 'Duration (days)', value: (m) => m.duration_days },
  { header: 'Payment Frequency', value: (m) => m.payment_frequency },
  { header: 'Status', value: (m) => m.status },
  { header: 'Payment', value: (m) => m.payment_status },
  { header: 'Start Date', value: (m) => m.start_date },
  { header: 'End Date', value: (m) => m.end_date },
  { header: 'Created', value: (m) => m.created_at },
  { header: 'Completed', value: (m) => m.completed_at },
]
