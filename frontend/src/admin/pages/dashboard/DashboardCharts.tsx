import { useId, useState, type ReactNode } from 'react'
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { visuallyHidden } from '@mui/utils'
import { BarChart } from '@mui/x-charts/BarChart'
import { PieChart } from '@mui/x-charts/PieChart'
import { formatMoney } from '../../../common/format'
import type { DashboardChartsData } from './types'

// This module (and @mui/x-charts) is its own chunk, loaded by the dashboard after its figures
// (index.tsx, React.lazy): the charts never weigh on the back-office's first load.

const STATUS_COLOURS: Record<string, string> = {
  completed: '#15803d',
  completed_with_warnings: '#b45309',
  pending: '#4f46e5',
  processing: '#0369a1',
  failed: '#b91c1c',
}
const statusLabel = (status: string) => status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())
const shortDay = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.`

/**
 * A chart card: the drawing is described by its data table (aria-describedby). The table is always
 * in the page for screen readers and shown on the screen with "Show table".
 */
function ChartCard(props: { title: string; testId: string; caption: string; head: string[]; rows: ReactNode[][]; children: ReactNode }) {
  const [showTable, setShowTable] = useState(false)
  const titleId = useId()
  const tableId = useId()
  return (
    <Card sx={{ height: '100%' }} data-testid={props.testId}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" id={titleId}>
            {props.title}
          </Typography>
          <Button size="small" onClick={() => setShowTable((shown) => !shown)} aria-expanded={showTable} aria-controls={tableId}>
            {showTable ? 'Hide table' : 'Show table'}
          </Button>
        </Stack>
        <Box component="figure" role="figure" aria-labelledby={titleId} aria-describedby={tableId} sx={{ m: 0 }}>
          {props.children}
        </Box>
        <Box id={tableId} sx={showTable ? { overflowX: 'auto' } : visuallyHidden} data-testid={`${props.testId}-table`}>
          <Table size="small">
            <caption>{props.caption}</caption>
            <TableHead>
              <TableRow>
                {props.head.map((cell) => (
                  <TableCell key={cell} scope="col">
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row, index) => (
                <TableRow key={index}>
                  {row.map((cell, column) => (
                    <TableCell key={column} {...(column === 0 ? { component: 'th', scope: 'row' } : {})}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  )
}

/** Migrations started and completed per day, last 30 days in the TIMEZONE setting's calendar. */
export function MigrationsPerDayChart({ data }: { data: DashboardChartsData }) {
  return (
    <ChartCard
      title="Migrations per Day"
      testId="chart-per-day"
      caption={`Migrations started and completed per day, last ${data.days.length} days (${data.timezone})`}
      head={['Day', 'Started', 'Completed']}
      rows={data.days.map((day) => [day.date, day.started, day.completed])}
    >
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: data.days.map((day) => shortDay(day.date)), tickLabelInterval: (_value, index) => index % 5 === 4 }]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          { data: data.days.map((day) => day.started), label: 'Started', color: '#4f46e5' },
          { data: data.days.map((day) => day.completed), label: 'Completed', color: '#15803d' },
        ]}
        margin={{ left: 0, right: 8 }}
      />
    </ChartCard>
  )
}

/** Paid revenue by currency, each converted to USD with its migration's frozen rate (as the revenue tiles). */
export function RevenueByCurrencyChart({ data }: { data: DashboardChartsData }) {
  const rows = data.revenueByCurrency
  return (
    <ChartCard
      title="Revenue by Currency (USD)"
      testId="chart-revenue"
      caption="Paid revenue by currency, in the currency and converted to USD"
      head={['Currency', 'Amount', 'In USD']}
      rows={rows.map((row) => [row.currency, formatMoney(row.amount, row.currency), formatMoney(row.amountUsd, 'USD')])}
    >
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          No paid revenue yet
        </Typography>
      ) : (
        <BarChart
          height={240}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: rows.map((row) => row.currency), width: 48 }]}
          xAxis={[{ valueFormatter: (value: number) => formatMoney(value, 'USD') }]}
          series={[{ data: rows.map((row) => row.amountUsd), label: 'USD', color: '#0369a1', valueFormatter: (value) => formatMoney(value ?? 0, 'USD') }]}
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
            data: slices.map((row) => ({ id: row.status, value: row.count, label: statusLabel(row.status), color: STATUS_COLOURS[row.status] })),
          },
        ]}
      />
    </ChartCard>
  )
}
