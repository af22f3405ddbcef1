import { useCallback, useEffect, useState } from 'react'
import { Card, Grid, InputAdornment, LinearProgress, MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import AutorenewIcon from '@mui/icons-material/Autorenew'
import EventBusyIcon from '@mui/icons-material/EventBusy'
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined'
import ListAltIcon from '@mui/icons-material/ListAlt'
import { formatMoney } from '../../../common/format'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { StatCard } from '../../components/StatCard'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { SubscriptionsTable } from './SubscriptionsTable'
import type { SubscriptionRow, SubscriptionStats } from './types'
import { useAdminData } from '../../dataProvider'

const STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled']
type TabName = 'all' | 'early' | 'problematic'

/** A whole list in the server's order (the API caps it). */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: '', order: 'ASC' as const }, filter: {} }

export default function SubscriptionsPage() {
  const toast = useToast()
  const dataProvider = useAdminData()
  const handleError = useAdminErrorHandler()
  const [tab, setTab] = useState<TabName>('all')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [stats, setStats] = useState<SubscriptionStats | null>(null)
  const [all, setAll] = useState<SubscriptionRow[]>([])
  const [early, setEarly] = useState<SubscriptionRow[]>([])
  const [problematic, setProblematic] = useState<SubscriptionRow[]>([])
  const [loading, setLoading] = useState(true)

  const loadLists = useCallback(async () => {
    try {
      const [statsAnswer, earlyAnswer, problemAnswer] = await Promise.all([
        dataProvider.subscriptionStats() as Promise<{ stats: SubscriptionStats }>,
        dataProvider.getList<SubscriptionRow>('early-cancellations', ALL).then(({ data }) => ({ earlyCancellations: data })),
        dataProvider.getList<SubscriptionRow>('problematic-subscriptions', ALL).then(({ data }) => ({ problematicSubscriptions: data })),
      ])
      setStats(statsAnswer.stats)
      setEarly(earlyAnswer.earlyCancellations)
      setProblematic(problemAnswer.problematicSubscriptions)
    } catch (error) {
      handleError(error)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    loadLists()
  }, [loadLists])

  useEffect(() => {
    setLoading(true)
    const timer = setTimeout(() => {
      dataProvider
        .getList<SubscriptionRow>('subscriptions', { ...ALL, filter: { search: search.trim(), status } })
        .then(({ data }) => setAll(data))
        .catch(handleError)
        .finally(() => setLoading(false))
    }, 300)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, status])

  async function markReviewed(row: SubscriptionRow) {
    try {
      await dataProvider.markReviewed(row.id)
      toast.success('Marked as reviewed')
      await loadLists()
    } catch (error) {
      handleError(error)
    }
  }

  return (
    <>
      <PageHeader title="Subscriptions" subtitle="Recurring payments, early cancellations and payment problems" />
      {stats ? (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard label="Active Subscriptions" value={stats.active_count} detail={`${formatMoney(stats.active_total_value, 'USD')} contract value`} icon={<AutorenewIcon />} testId="stat-active" accent="success.main" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard label="Early Cancellations" value={stats.early_cancellation_count} detail={`${formatMoney(stats.early_cancellation_value, 'USD')} contract value`} icon={<EventBusyIcon />} testId="stat-early" accent="warning.main" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard label="Unpaid" value={stats.unpaid_count} detail="Past due or unpaid" icon={<ReportProblemIcon />} testId="stat-unpaid" accent="error.main" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard label="Total Subscriptions" value={stats.total_subscriptions} detail="All statuses" icon={<ListAltIcon />} testId="stat-total" />
          </Grid>
        </Grid>
      ) : null}
      <Card>
        <Tabs value={tab} onChange={(_event, value) => setTab(value)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="all" label="All Subscriptions" data-testid="tab-all" />
          <Tab value="early" label={`Early Cancellations (${early.length})`} data-testid="tab-early" />
          <Tab value="problematic" label={`Problematic (${problematic.length})`} data-testid="tab-problematic" />
        </Tabs>
        {tab === 'all' ? (
          <>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
              <TextField
                size="small"
                fullWidth
                placeholder="Search by name, member ID, reference or email..."
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'data-testid': 'subscriptions-search' } }}
              />
              <TextField select size="small" label="Status" value={status} onChange={(event) => setStatus(event.target.value)} sx={{ minWidth: 220 }}>
                <MenuItem value="">All Statuses</MenuItem>
                {STATUSES.map((value) => (
                  <MenuItem key={value} value={value} sx={{ textTransform: 'capitalize' }}>
                    {value.replace(/_/g, ' ')}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {loading ? <LinearProgress /> : null}
            <SubscriptionsTable rows={all} emptyText="No subscriptions found" />
          </>
        ) : tab === 'early' ? (
          <SubscriptionsTable rows={early} earlyCancellations onMarkReviewed={markReviewed} emptyText="No early cancellations" />
        ) : (
          <SubscriptionsTable rows={problematic} emptyText="No problematic subscriptions" />
        )}
      </Card>
    </>
  )
}
