import { useSearchParams } from 'react-router-dom'
import { useGetList } from 'react-admin'
import { Card, Tab, Tabs } from '@mui/material'
import { PageHeader } from '../../components/PageHeader'
import { SubscriptionStats } from './SubscriptionStats'
import { SubscriptionTable } from './SubscriptionTable'
import { TABS, type TabName } from './types'

/** The number of rows of a tab's list, for its label. */
const useRowCount = (resource: string) =>
  useGetList(resource, { pagination: { page: 1, perPage: 1 } }).total
/** A count not known yet (loading, or its list failed) is left out, never shown as 0. */
const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${count})`

/** /admin/subscriptions (admin-backoffice.md §2): stats cards and three tabs; the tab is kept in the URL (?tab=). */
export function SubscriptionList() {
  const [params, setParams] = useSearchParams()
  const tab: TabName =
    params.get('tab') === 'early' || params.get('tab') === 'problematic'
      ? (params.get('tab') as TabName)
      : 'all'
  const earlyCount = useRowCount(TABS.early)
  const problematicCount = useRowCount(TABS.problematic)
  return (
    <>
      <PageHeader
        title="Subscriptions"
        subtitle="Recurring payments, early cancellations and payment problems"
      />
      <SubscriptionStats />
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: TabName) => setParams(value === 'all' ? {} : { tab: value })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="all" label="All Subscriptions" data-testid="tab-all" />
          <Tab
            value="early"
            label={withCount('Early Cancellations', earlyCount)}
            data-testid="tab-early"
          />
          <Tab
            value="problematic"
            label={withCount('Problematic', problematicCount)}
            data-testid="tab-problematic"
          />
        </Tabs>
        <SubscriptionTable key={tab} tab={tab} />
      </Card>
    </>
  )
}
