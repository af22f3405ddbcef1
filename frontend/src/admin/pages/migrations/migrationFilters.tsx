import { SearchInput } from 'react-admin'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'

export const STATUS_CHOICES = [
  'Pending',
  'Processing',
  'Completed',
  'Completed with Warnings',
  'Failed',
].map((name) => ({
  id: name.toLowerCase().replace(/ /g, '_'),
  name,
}))

/** The Migrations Dashboard's search, always shown. */
export const migrationFilters = [
  <SearchInput
    key="search"
    source="search"
    alwaysOn
    placeholder="Search by name, member ID, or reference..."
    sx={{ width: { xs: '100%', sm: 360 } }}
    slotProps={{
      htmlInput: { 'data-testid': 'migrations-search', 'aria-label': 'Search migrations' },
    }}
  />,
]

/** The Term filter (docs/backoffice.md): coming renewals, and terms that ended without one. */
export const TERM_CHOICES = [
  { id: 'renewal_due', name: 'Renewal due' },
  { id: 'lapsed', name: 'Lapsed (expired)' },
]

/** The Migrations Dashboard's status and term filters. */
export const migrationStatusFilter = (
  <>
    <ChoiceFilter
      source="status"
      label="Status"
      allLabel="All Statuses"
      choices={STATUS_CHOICES}
      testId="migrations-status-filter"
    />
    <ChoiceFilter
      source="term"
      label="Term"
      allLabel="All Terms"
      choices={TERM_CHOICES}
      testId="migrations-term-filter"
      minWidth={200}
    />
  </>
)
