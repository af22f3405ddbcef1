import { Stack } from '@mui/material'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'
import { LiveSearch } from '../../components/list/LiveSearch'

export const STATUS_CHOICES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
].map((id) => ({ id, name: id.replace(/_/g, ' ') }))

/** The All tab's search and status filter. */
export function SubscriptionFilters() {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
      <LiveSearch
        placeholder="Search by name, member ID, reference or email..."
        label="Search subscriptions"
        testId="subscriptions-search"
      />
      <ChoiceFilter
        source="status"
        label="Status"
        allLabel="All Statuses"
        choices={STATUS_CHOICES}
        testId="subscriptions-status-filter"
        minWidth={220}
      />
    </Stack>
  )
}
