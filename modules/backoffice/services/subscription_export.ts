import type { ExportColumn, ExportSource } from '#modules/shared/index'
import type { SUBSCRIPTION_SORTS, SUBSCRIPTION_TABS } from '../validators.js'
import {
  allSubscriptions,
  present,
  SUBSCRIPTION_COLUMNS,
  subscriptionsWithMigration,
  type SubscriptionRow,
} from './subscription_admin_service.js'
import { earlyCancellationScope, problematicScope } from './subscription_scopes.js'

type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number]

const SORT_COLUMNS: Record<SubscriptionSort, string> = {
  // react-admin's default sort of a list without one (the tabs): what the screen shows first.
  id: 's.id',
  created_at: 's.created_at',
  migration_reference: 'm.migration_reference',
  insured_full_name: 'm.insured_full_name',
  status: 's.status',
  payment_frequency: 'm.payment_frequency',
  subscription_amount: 'm.subscription_amount',
  total_amount_usd: 'm.total_amount_usd',
  cancelled_at: 's.cancelled_at',
  current_period_end: 's.current_period_end',
}

type Tab = (typeof SUBSCRIPTION_TABS)[number]

/** Each tab's rows, and its own order when no column header is chosen (subscription_admin_service.ts). */
const TAB_ROWS: Record<Tab, (filters: SubscriptionExport) => ReturnType<typeof allSubscriptions>> =
  {
    all: allSubscriptions,
    early: () => earlyCancellationScope(subscriptionsWithMigration()),
    problematic: () => problematicScope(subscriptionsWithMigration()),
  }
const TAB_ORDER: Record<Tab, string> = {
  all: 's.created_at',
  early: 's.cancelled_at',
  problematic: 's.updated_at',
}

export interface SubscriptionExport {
  tab?: Tab
  search?: string
  status?: string
  sort?: SubscriptionSort
  direction?: 'asc' | 'desc'
}

/**
 * A Subscriptions tab as an export (docs/backoffice.md "Exports of every list"): the tab's own
 * scope (All with its search and status), every row instead of the list's 500, in the tab's
 * order or by the column header it is sorted by, ties by id.
 */
export function subscriptionExportSource(
  filters: SubscriptionExport
): ExportSource<SubscriptionRow> {
  const tab = filters.tab ?? 'all'
  const column = filters.sort ? SORT_COLUMNS[filters.sort] : TAB_ORDER[tab]
  const direction = filters.direction ?? 'desc'
  return {
    async ids() {
      const rows = await TAB_ROWS[tab](filters)
        .orderBy(column, direction)
        .orderBy('s.id', direction)
        .select('s.id')
      return rows.map((row) => Number(row.id))
    },
    async rows(ids) {
      return present(
        await subscriptionsWithMigration().whereIn('s.id', ids).select(SUBSCRIPTION_COLUMNS)
      )
    },
    idOf: (row) => Number(row.id),
  }
}

/** The tables' columns (admin-backoffice.md §4) and the subscription's other facts. */
export const SUBSCRIPTION_EXPORT_COLUMNS: ExportColumn<SubscriptionRow>[] = [
  { header: 'Reference', value: (s) => s.migration_reference },
  { header: 'Member', value: (s) => s.insured_full_name },
  { header: 'Member ID', value: (s) => s.member_id_str },
  { header: 'Email', value: (s) => s.email },
  { header: 'Status', value: (s) => (s.never_started ? 'not_started' : s.status) },
  { header: 'Frequency', value: (s) => s.payment_frequency },
  { header: 'Installment', value: (s) => s.subscription_amount },
  { header: 'Currency', value: (s) => s.currency },
  { header: 'Total (USD)', value: (s) => (s.never_started ? null : s.total_amount_usd) },
  { header: 'Period End', value: (s) => s.current_period_end },
  { header: 'Cancelled At', value: (s) => s.cancelled_at },
  { header: 'Ends On', value: (s) => s.ends_on },
  { header: 'Remaining Days', value: (s) => s.remaining_days },
  { header: 'Provider Subscription ID', value: (s) => s.provider_subscription_id },
  { header: 'Dunning', value: (s) => s.dunning_stage },
  { header: 'Created', value: (s) => s.created_at },
]
