import { BarChart } from '@mui/x-charts/BarChart'
import type { AxisValueFormatterContext } from '@mui/x-charts/models'
import { formatDate, withoutYear } from '../../../../common/format'
import { useFormatting } from '../../../../common/formatting'
import type { DashboardChartsData } from '../types'
import { ChartCard } from './ChartCard'

/** "5 started, 2 completed; most started on 24.11.2026 (2)" over the days of the chart, dates in DATE_FORMAT. */
function perDaySummary(data: DashboardChartsData, dateFormat: string) {
  const started = data.days.reduce((sum, day) => sum + day.started, 0)
  const completed = data.days.reduce((sum, day) => sum + day.completed, 0)
  const busiest = data.days.reduce(
    (best, day) => (day.started > best.started ? day : best),
    data.days[0]
  )
  const peak =
    busiest && busiest.started > 0
      ? `; most started on ${formatDate(busiest.date, dateFormat)} (${busiest.started})`
      : ''
  return `Last ${data.days.length} days (${data.timezone}): ${started} started, ${completed} completed${peak}.`
}

/** Migrations started and completed per day, last 30 days in the TIMEZONE setting's calendar. */
export function MigrationsPerDayChart({ data }: { data: DashboardChartsData }) {
  const { dateFormat } = useFormatting()
  // Axis ticks without the year (the caption names the period; a whole date does not fit a phone's axis), the tooltip with it.
  const dayLabel = (date: string, { location }: AxisValueFormatterContext) =>
    formatDate(date, location === 'tick' ? withoutYear(dateFormat) : dateFormat)
  return (
    <ChartCard
      title="Migrations per Day"
      testId="chart-per-day"
      summary={perDaySummary(data, dateFormat)}
      caption={`Migrations started and completed per day, last ${data.days.length} days (${data.timezone})`}
      head={['Day', 'Started', 'Completed']}
      rows={data.days.map((day) => [formatDate(day.date, dateFormat), day.started, day.completed])}
    >
      <BarChart
        height={260}
        xAxis={[
          {
            scaleType: 'band',
            data: data.days.map((day) => day.date),
            valueFormatter: dayLabel,
            tickLabelInterval: (_value, index) => index % 5 === 4,
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          { data: data.days.map((day) => day.started), label: 'Started', color: '#4f46e5' },
          { data: data.days.map((day) => day.completed), label: 'Completed', color: '#15803d' },
        ]}
        margin={{ left: 0, right: 24 }}
      />
    </ChartCard>
  )
}
