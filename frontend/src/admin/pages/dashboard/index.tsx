import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Skeleton, Stack } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import { PageHeader } from '../../components/PageHeader'
import { RecentMigrations } from './RecentMigrations'
import { TwoFactorOffNotice } from './TwoFactorOffNotice'
import { StatsStrip } from './StatsStrip'
import { UnmigratedTile } from './UnmigratedTile'
import { ChartsGrid } from './ChartsGrid'
import { QuickActions } from './QuickActions'
import type { DashboardStats } from './types'
import { useAdminData } from '../../dataProvider'
import { useAdminTools } from '../../components/useAdminTools'

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
      <ChartsGrid stats={stats} charts={charts.data} />
      {charts.isError ? <Alert severity="warning">The charts could not be loaded</Alert> : null}
      <RecentMigrations rows={stats.recentMigrations} />
      <QuickActions />
    </Stack>
  )
}
