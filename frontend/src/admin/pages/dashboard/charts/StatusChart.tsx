import { PieChart } from '@mui/x-charts/PieChart'
import type { DashboardChartsData } from '../types'
import { ChartCard } from './ChartCard'
import { STATUS_COLOURS, statusLabel } from './chartFormat'

/** Migrations by status, beside the spec's Migration Status bars. */
export function StatusChart({ data }: { data: DashboardChartsData }) {
  const slices = data.statuses.filter((row) => row.count > 0)
  return (
    <ChartCard
      title="Status Breakdown"
      testId="chart-status"
      summary={`${data.statuses.map((row) => `${statusLabel(row.status)} ${row.count}`).join(' · ')}.`}
      caption="Migrations by status"
      head={['Status', 'Migrations']}
      rows={data.statuses.map((row) => [statusLabel(row.status), row.count])}
    >
      <PieChart
        height={220}
        series={[
          {
            innerRadius: 50,
            paddingAngle: 1,
            data: slices.map((row) => ({
              id: row.status,
              value: row.count,
              label: statusLabel(row.status),
              color: STATUS_COLOURS[row.status],
            })),
          },
        ]}
      />
    </ChartCard>
  )
}
