import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { DataTable, useExpanded, useGetList, useRecordContext } from 'react-admin'
import { Box, Button, Card, Chip, IconButton, Stack, Tab, Tabs, Typography } from '@mui/material'
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown'
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp'
import AutorenewIcon from '@mui/icons-material/Autorenew'
import EventBusyIcon from '@mui/icons-material/EventBusy'
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined'
import ListAltIcon from '@mui/icons-material/ListAlt'
import type { ApiAnswer } from '../../../common/api_contract'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { PageHeader } from '../../components/PageHeader'
import { StatCard } from '../../components/StatCard'
import { StatusBadge } from '../../components/StatusBadge'
import { useAdminMutation } from '../../components/useAdminMutation'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'
import { LiveSearch } from '../../components/list/LiveSearch'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { useAdminData } from '../../dataProvider'
import { adminPath } from '../../paths'
import { memberCell } from '../../components/MemberCells'
import { SubscriptionDetails } from './SubscriptionDetails'

/** A row of the three tabs. */
export type SubscriptionRow = ApiAnswer<'/api/admin/subscriptions', 'get'>['subscriptions'][number]

const STATUS_CHOICES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
].map((id) => ({ id, name: id.replace(/_/g, ' ') }))
const TABS = {
  all: 'subscriptions',
  early: 'early-cancellations',
  problematic: 'problematic-subscriptions',
} as const
const EMPTY_TEXTS = {
  all: 'No subscriptions found',
  early: 'No early cancellations',
  problematic: 'No problematic subscriptions',
}
type TabName = keyof typeof TABS

const Col = DataTable.Col<SubscriptionRow>
const SubscriptionBody = bodyWithRowTestId('subscription-row')

function StatsCards() {
  const dataProvider = useAdminData()
  const { data: stats } = useQuery({
    queryKey: ['subscriptions', 'stats'],
    queryFn: async () => (await dataProvider.subscriptionStats()).stats,
    retry: false,
  })
  if (!stats) return null
  const cards: [string, number, ReactNode, ReactNode, string, string?][] = [
    [
      'Active Subscriptions',
      stats.active_count,
      `${formatMoney(stats.active_total_value, 'USD')} contract value`,
      <AutorenewIcon />,
      'stat-active',
      'success.main',
    ],
    [
      'Early Cancellations',
      stats.early_cancellation_count,
      `${formatMoney(stats.early_cancellation_value, 'USD')} contract value`,
      <EventBusyIcon />,
      'stat-early',
      'warning.main',
    ],
    [
      'Unpaid',
      stats.unpaid_count,
      'Past due or unpaid',
      <ReportProblemIcon />,
      'stat-unpaid',
      'error.main',
    ],
    [
      'Total Subscriptions',
      stats.total_subscriptions,
      'All statuses',
      <ListAltIcon />,
      'stat-total',
    ],
  ]
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {cards.map(([label, value, detail, icon, testId, accent]) => (
        <StatCard
          key={testId}
          label={label}
          value={value}
          detail={detail}
          icon={icon}
          testId={testId}
          accent={accent}
        />
      ))}
    </Box>
  )
}

/**
 * Opens the row's expand panel. react-admin's own expand icon is hidden from assistive technology
 * and the keyboard (aria-hidden, tabIndex -1), so this named button replaces it (the icon column is hidden).
 */
function ExpandButton({ resource }: { resource: string }) {
  const row = useRecordContext<SubscriptionRow>()!
  const [expanded, toggle] = useExpanded(resource, row.id, true)
  return (
    <IconButton
      size="small"
      aria-label="Show schedule and payments"
      aria-expanded={expanded}
      aria-controls={`${resource}-${row.id}-expand`}
      data-testid="expand-subscription"
      onClick={(event) => {
        event.stopPropagation()
        toggle()
      }}
    >
      {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
    </IconButton>
  )
}

const hiddenText = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

/** Early cancellations: days left, and the one-way review mark. */
function ReviewCell() {
  const row = useRecordContext<SubscriptionRow>()!
  const dataProvider = useAdminData()
  const { mutate } = useAdminMutation(() => dataProvider.markReviewed(row.id), 'Marked as reviewed')
  const markReviewed = () => mutate()
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Typography variant="body2" data-testid="remaining-days">
        {row.remaining_days} days left
      </Typography>
      {row.early_cancellation_reviewed ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label="Reviewed"
          data-testid="reviewed-chip"
        />
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={markReviewed}
          data-testid="mark-reviewed"
          aria-label={`Mark ${row.migration_reference} reviewed`}
        >
          Mark reviewed
        </Button>
      )}
    </span>
  )
}

/** One tab's list: rows open their migration, expand to the schedule and payments. */
function SubscriptionTable({ tab }: { tab: TabName }) {
  const { dateFormat } = useFormatting()
  const early = tab === 'early'
  return (
    <CardList
      resource={TABS[tab]}
      what="subscriptions"
      // Only the All tab has its page, sort and filters in the URL; the other tabs are short, whole lists.
      disableSyncWithLocation={tab !== 'all'}
      storeKey={`subscriptions.${tab}`}
      perPage={50}
      component="div"
      // The table scrolls sideways inside the card on narrow windows instead of widening the filters.
      sx={{ '& .RaList-main, & .RaList-content': { minWidth: 0 } }}
    >
      {tab === 'all' ? (
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
      ) : null}
      <DataTable
        bulkActionButtons={false}
        body={SubscriptionBody}
        expand={<SubscriptionDetails />}
        expandSingle
        rowClick={(_id, _resource, record) => adminPath(`migrations/${record.migration_id}`)}
        empty={<ListEmpty text={EMPTY_TEXTS[tab]} testId="subscriptions-empty" />}
        sx={{
          '& th, & td': { px: 1 },
          '& .RaDataTable-expandHeader, & .RaDataTable-expandIconCell': { display: 'none' },
        }}
      >
        <Col
          label={
            <Box component="span" sx={hiddenText}>
              Details
            </Box>
          }
          disableSort
          render={() => <ExpandButton resource={TABS[tab]} />}
          cellSx={() => ({ width: 48 })}
        />
        <Col
          source="migration_reference"
          label="Reference"
          cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
        />
        <Col source="insured_full_name" label="Member" render={memberCell} />
        <Col
          source="status"
          label="Status"
          render={(row) => (
            <StatusBadge
              status={row.never_started ? 'not_started' : row.status}
              testId="subscription-status"
            />
          )}
        />
        <Col
          source="payment_frequency"
          label="Frequency"
          cellSx={() => ({ textTransform: 'capitalize' })}
        />
        <Col
          source="subscription_amount"
          label="Installment"
          align="right"
          render={(row) => formatMoney(row.subscription_amount, row.currency)}
        />
        {/* A checkout that never started has no contract value and no period (docs/backoffice.md). */}
        <Col
          source="total_amount_usd"
          label="Total (USD)"
          align="right"
          render={(row) => (row.never_started ? '—' : formatMoney(row.total_amount_usd, 'USD'))}
        />
        {early ? (
          <Col
            source="cancelled_at"
            label="Cancelled"
            render={(row) => formatDate(row.cancelled_at, dateFormat) || '—'}
          />
        ) : (
          <Col
            source="current_period_end"
            label="Period End"
            render={(row) =>
              row.never_started
                ? 'Never started'
                : formatDate(row.current_period_end, dateFormat) || '—'
            }
          />
        )}
        {early ? (
          <Col label="Remaining / Review" disableSort render={() => <ReviewCell />} />
        ) : null}
      </DataTable>
    </CardList>
  )
}

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
      <StatsCards />
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
