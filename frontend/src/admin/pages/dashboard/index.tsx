import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Skeleton, Stack } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import { PageHeader } from '../../components/PageHeader'
import { TwoFactorOffNotice } from './TwoFactorOffNotice'
import { StatsStrip } from './StatsStrip'
import { UnmigratedTile } from './UnmigratedTile'
import { QuickActions } from './QuickActions'
import type { DashboardStats } from './types'
import { useAdminData } from '../../dataProvider'
import { useAdminTools } from '../../components/useAdminTools'

// Below the figure tiles, fetched when the figures are drawn and drawn after them: the status and revenue
// cards with the charts (Grid, LinearProgress; the charts a chunk of their own) and the recent migrations'
// table (react-admin's DataTable, ~40 KB gz). The back-office's first load is the figures (docs/benchmarks.md).
const ChartsGrid = lazy(() =>
  import('./ChartsGrid').then((module) => ({ default: module.ChartsGrid }))
)
const RecentMigrations = lazy(() =>
  import('./RecentMigrations').then((module) => ({ default: module.RecentMigrations }))
)

export default function DashboardPage() {
  const { toast, dataProvider } = useAdminTools()
  const failing = (error: unknown): never => {
    toast.error('Failed to load dashboard data')
    throw error
  }
  const {
    data: stats,
    isError: failed,
    isFetching: loading,
    refetch,
  } = useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: () => dataProvider.dashboardStats().catch(failing),
    retry: false,
    refetchOnWindowFocus: false,
  })
  const load = () => void refetch()
  // Until the figures are there: the error, or a placeholder (a failed reload keeps the figures shown).
  const placeholder = failed ? (
    <Alert severity="error">Failed to load dashboard data</Alert>
  ) : (
    <Skeleton variant="rounded" height={320} />
  )

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Migrations, members, subscriptions and revenue at a glance"
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={load}
            disabled={loading}
            data-testid="dashboard-refresh"
          >
            Refresh
          </Button>
        }
      />
      <TwoFactorOffNotice />
      {stats ? <DashboardContent stats={stats} /> : placeholder}
    </>
  )
}

function DashboardContent({ stats }: { stats: DashboardStats }) {
  const dataProvider = useAdminData()
  const charts = useQuery({
    queryKey: ['dashboard', 'charts'],
    queryFn: () => dataProvider.dashboardCharts(),
  })
  return (
    <Stack spacing={3}>
      <StatsStrip stats={stats} />
      <UnmigratedTile unmigrated={stats.members.unmigrated} />
      <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
        <ChartsGrid stats={stats} charts={charts.data} />
      </Suspense>
      {charts.isError ? <Alert severity="warning">The charts could not be loaded</Alert> : null}
      <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
        <RecentMigrations rows={stats.recentMigrations} />
      </Suspense>
      <QuickActions />
    </Stack>
  )
}
