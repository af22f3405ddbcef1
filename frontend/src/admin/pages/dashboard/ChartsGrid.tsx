import { lazy, Suspense, type ReactNode } from 'react'
import { Grid, Skeleton } from '@mui/material'
import { MigrationStatusBreakdown, RevenueOverview } from './StatusBreakdown'
import type { DashboardChartsData, DashboardStats } from './types'

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

/** The status and revenue cards with the three charts between and under them. */
export function ChartsGrid(props: {
  stats: DashboardStats
  charts: DashboardChartsData | undefined
}) {
  const { migrations, subscriptions } = props.stats
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <MigrationStatusBreakdown migrations={migrations} />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ChartSlot
          data={props.charts}
          height={320}
          render={(data) => <StatusChart data={data} />}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <RevenueOverview subscriptions={subscriptions} />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 5 }}>
        <ChartSlot
          data={props.charts}
          height={320}
          render={(data) => <RevenueByCurrencyChart data={data} />}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <ChartSlot
          data={props.charts}
          height={340}
          render={(data) => <MigrationsPerDayChart data={data} />}
        />
      </Grid>
    </Grid>
  )
}
