import { lazy, Suspense, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import PeopleIcon from '@mui/icons-material/PeopleAlt'
import AutorenewIcon from '@mui/icons-material/Autorenew'
import PaymentsIcon from '@mui/icons-material/Payments'
import BlockIcon from '@mui/icons-material/Block'
import PersonSearchIcon from '@mui/icons-material/PersonSearch'
import SettingsIcon from '@mui/icons-material/Settings'
import { formatCount, formatMoney } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { StatCard } from '../../components/StatCard'
import { SectionCard } from '../../components/SectionCard'
import { RecentMigrations } from './RecentMigrations'
import { MoneyReturnedTile } from './MoneyReturnedTile'
import { MigrationStatusBreakdown, RevenueOverview } from './StatusBreakdown'
import type { DashboardChartsData, DashboardStats } from './types'
import { adminPath } from '../../paths'
import { useAdminData } from '../../dataProvider'
import { useAdminTools } from '../../components/useAdminTools'
import { api } from '../../../common/api'

/** When REQUIRE_ADMIN_2FA is off (the demo), the dashboard says so: administrators sign in with a password alone. */
function TwoFactorOffNotice() {
  const { data } = useQuery({
    queryKey: ['two-factor'],
    queryFn: () => api.get<{ required: boolean }>('/admin/two-factor'),
    refetchOnWindowFocus: false,
  })
  if (!data || data.required) return null
  return (
    <Alert severity="info" data-testid="two-factor-off" sx={{ mb: 3 }}>
      Two-factor sign-in is off in this demo: administrators without a second factor sign in with
      their password only.{' '}
      <RouterLink to={adminPath('two-factor')}>Set up a second factor</RouterLink>
    </Alert>
  )
}

// The charts and @mui/x-charts are one chunk of their own, fetched after the figures (docs/operations.md §6).
const chartsModule = () => import('./DashboardCharts')
const MigrationsPerDayChart = lazy(() =>
  chartsModule().then((module) => ({ default: module.MigrationsPerDayChart }))
)
const RevenueByCurrencyChart = lazy(() =>
  chartsModule().then((module) => ({ default: module.RevenueByCurrencyChart }))
)
const StatusChart = lazy(() => chartsModule().then((module) => ({ default: module.StatusChart })))

/** A chart once its data and its chunk are there; a placeholder of its height until then. */
function ChartSlot({
  data,
  height,
  render,
}: {
  data: DashboardChartsData | undefined
  height: number
  render: (data: DashboardChartsData) => ReactNode
}) {
  const placeholder = <Skeleton variant="rounded" height={height} />
  return data ? <Suspense fallback={placeholder}>{render(data)}</Suspense> : placeholder
}

const QUICK_LINKS = [
  { label: 'Migrations', to: adminPath('migrations'), icon: <SwapHorizIcon /> },
  { label: 'Members', to: adminPath('members'), icon: <PeopleIcon /> },
  { label: 'Subscriptions', to: adminPath('subscriptions'), icon: <AutorenewIcon /> },
  { label: 'Settings', to: adminPath('settings'), icon: <SettingsIcon /> },
]

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
  const { migrations, members, subscriptions, products } = stats
  const dataProvider = useAdminData()
  const charts = useQuery({
    queryKey: ['dashboard', 'charts'],
    queryFn: () => dataProvider.dashboardCharts(),
  })
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        <StatCard
          label="Total Migrations"
          value={formatCount(migrations.total)}
          detail={`${formatCount(migrations.completedToday)} completed today`}
          icon={<SwapHorizIcon />}
          to={adminPath('migrations')}
          testId="tile-migrations"
        />
        <StatCard
          label="Total Members"
          value={formatCount(members.total)}
          detail={`${formatCount(members.principals)} principals`}
          icon={<PeopleIcon />}
          to={adminPath('members')}
          testId="tile-members"
          accent="secondary.main"
        />
        <StatCard
          label="Active Subscriptions"
          value={formatCount(subscriptions.active)}
          detail={
            subscriptions.earlyCancellations > 0 ? (
              <Box component="span" sx={{ color: '#9a3412' }} data-testid="tile-at-risk">
                {formatCount(subscriptions.earlyCancellations)} at risk
              </Box>
            ) : (
              'Recurring payments'
            )
          }
          icon={<AutorenewIcon />}
          to={adminPath('subscriptions')}
          testId="tile-subscriptions"
          accent="info.main"
        />
        <StatCard
          label="Monthly Revenue"
          value={formatMoney(subscriptions.monthlyRevenue, 'USD')}
          detail="Recurring"
          icon={<PaymentsIcon />}
          to={adminPath('subscriptions')}
          testId="tile-monthly-revenue"
          accent="success.main"
        />
        <StatCard
          label="Disabled Products"
          value={formatCount(products.disabled)}
          detail={`${formatCount(members.withDisabledProducts)} member${members.withDisabledProducts === 1 ? '' : 's'} affected`}
          icon={<BlockIcon />}
          to={adminPath('products')}
          testId="tile-disabled-products"
          accent="error.main"
        />
        <MoneyReturnedTile />
      </Box>

      <Card
        sx={{ background: 'linear-gradient(90deg, rgba(79,70,229,0.08), rgba(79,70,229,0.02))' }}
      >
        <CardActionArea
          component={RouterLink}
          to={adminPath('unmigrated-users')}
          data-testid="tile-unmigrated"
        >
          <Stack direction="row" spacing={2} sx={{ p: 2, pb: 3, alignItems: 'center' }}>
            <Box
              sx={{
                p: 1.25,
                borderRadius: 2,
                bgcolor: 'primary.main',
                color: '#fff',
                display: 'flex',
              }}
            >
              <PersonSearchIcon />
            </Box>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                Unmigrated Users
              </Typography>
              <Typography variant="h5" component="p" data-testid="tile-unmigrated-count">
                {formatCount(members.unmigrated)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Principals pending migration (excluding those on disabled products)
              </Typography>
            </Box>
            <Typography color="primary" sx={{ fontWeight: 600 }}>
              View list →
            </Typography>
          </Stack>
        </CardActionArea>
      </Card>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <MigrationStatusBreakdown migrations={migrations} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <ChartSlot
            data={charts.data}
            height={320}
            render={(data) => <StatusChart data={data} />}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <RevenueOverview subscriptions={subscriptions} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 5 }}>
          <ChartSlot
            data={charts.data}
            height={320}
            render={(data) => <RevenueByCurrencyChart data={data} />}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ChartSlot
            data={charts.data}
            height={340}
            render={(data) => <MigrationsPerDayChart data={data} />}
          />
        </Grid>
      </Grid>
      {charts.isError ? <Alert severity="warning">The charts could not be loaded</Alert> : null}

      <RecentMigrations rows={stats.recentMigrations} />

      <SectionCard title="Quick Actions">
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          {QUICK_LINKS.map((link) => (
            <Button
              key={link.to}
              component={RouterLink}
              to={link.to}
              variant="outlined"
              startIcon={link.icon}
              data-testid={`quick-${link.label.toLowerCase()}`}
            >
              {link.label}
            </Button>
          ))}
        </Stack>
      </SectionCard>
    </Stack>
  )
}
