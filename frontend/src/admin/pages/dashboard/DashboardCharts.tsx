import { useId, useState, type ReactNode } from 'react'
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { BarChart } from '@mui/x-charts/BarChart'
import { PieChart } from '@mui/x-charts/PieChart'
import type { AxisValueFormatterContext } from '@mui/x-charts/models'
import { formatDate, formatMoney, withoutYear } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import type { DashboardChartsData } from './types'
import { SectionCard } from '../../components/SectionCard'

// This module (and @mui/x-charts) is its own chunk, loaded by the dashboard after its figures
// (index.tsx, React.lazy): the charts never weigh on the back-office's first load.

const STATUS_COLOURS: Record<string, string> = {
  completed: '#15803d',
  completed_with_warnings: '#b45309',
  pending: '#4f46e5',
  processing: '#0369a1',
  failed: '#b91c1c',
}
const statusLabel = (status: string) =>
  status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())
const FILL = { height: '100%' }
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact' })
/** Amount ticks in short form (USD 2K): whole amounts do not fit a phone's axis (cut to "USD…"); full amounts elsewhere. */
const usdAxis = (value: number, { location }: AxisValueFormatterContext) =>
  location === 'tick' ? `USD ${COMPACT.format(value)}` : formatMoney(value, 'USD')

/** A table row's cells: every head cell is a column header, a body row's first cell its row header. */
const cells = (row: ReactNode[], scope: 'col' | 'row') =>
  row.map((cell, column) => (
    <TableCell
      key={column}
      {...(scope === 'col' || column === 0 ? { component: 'th', scope } : {})}
    >
      {cell}
    </TableCell>
  ))

/**
 * A chart card. Its text alternative is the figure's caption, on the screen under the drawing (the
 * figures that matter in one line); "Show table" adds every value as a table.
 */
function ChartCard(props: {
  title: string
  testId: string
  summary: string
  caption: string
  head: string[]
  rows: ReactNode[][]
  children: ReactNode
}) {
  const [showTable, setShowTable] = useState(false)
  const titleId = useId()
  const summaryId = useId()
  const tableId = useId()
  return (
    <SectionCard
      title={props.title}
      titleId={titleId}
      data-testid={props.testId}
      sx={FILL}
      actions={
        <Button
          size="small"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          onClick={() => setShowTable((shown) => !shown)}
          aria-expanded={showTable}
          aria-controls={tableId}
        >
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      }
    >
      <Box component="figure" aria-labelledby={titleId} aria-describedby={summaryId} sx={{ m: 0 }}>
        {props.children}
        <Typography
          component="figcaption"
          id={summaryId}
          variant="body2"
          color="text.secondary"
          data-testid={`${props.testId}-summary`}
        >
          {props.summary}
        </Typography>
      </Box>
      <Box id={tableId} data-testid={`${props.testId}-table`}>
        {showTable ? (
          <Table
            size="small"
            sx={{
              'mt': 1,
              '& caption': { captionSide: 'top', px: 0 },
              '& td, & th': { px: { xs: 1, sm: 2 } },
            }}
          >
            <caption>{props.caption}</caption>
            <TableHead>
              <TableRow>{cells(props.head, 'col')}</TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row, index) => (
                <TableRow key={index}>{cells(row, 'row')}</TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Box>
    </SectionCard>
  )
}

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

/** Paid revenue by currency net of refunds, each converted to USD with its migration's frozen rate (as the revenue tiles). */
export function RevenueByCurrencyChart({ data }: { data: DashboardChartsData }) {
  const rows = data.revenueByCurrency
  return (
    <ChartCard
      title="Revenue by Currency (USD)"
      testId="chart-revenue"
      summary={
        rows.length === 0
          ? 'No paid revenue yet.'
          : `${rows.map((row) => (row.currency === 'USD' ? formatMoney(row.amount, 'USD') : `${formatMoney(row.amount, row.currency)} (${formatMoney(row.amountUsd, 'USD')})`)).join(' · ')}.`
      }
      caption="Paid revenue by currency, net of refunds, in the currency and converted to USD"
      head={['Currency', 'Amount', 'In USD']}
      rows={rows.map((row) => [
        row.currency,
        formatMoney(row.amount, row.currency),
        formatMoney(row.amountUsd, 'USD'),
      ])}
    >
      {rows.length === 0 ? null : (
        <BarChart
          height={240}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: rows.map((row) => row.currency), width: 48 }]}
          xAxis={[{ valueFormatter: usdAxis }]}
          series={[
            {
              data: rows.map((row) => row.amountUsd),
              label: 'USD',
              color: '#0369a1',
              valueFormatter: (value) => formatMoney(value ?? 0, 'USD'),
            },
          ]}
          hideLegend
          margin={{ right: 24 }}
        />
      )}
    </ChartCard>
  )
}

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
