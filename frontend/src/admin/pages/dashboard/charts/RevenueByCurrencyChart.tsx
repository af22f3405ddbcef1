import { BarChart } from '@mui/x-charts/BarChart'
import { formatMoney } from '../../../../common/format'
import type { DashboardChartsData } from '../types'
import { ChartCard } from './ChartCard'
import { usdAxis } from './chartFormat'

type CurrencyRow = DashboardChartsData['revenueByCurrency'][number]
const inCurrencyAndUsd = (row: CurrencyRow) =>
  row.currency === 'USD'
    ? formatMoney(row.amount, 'USD')
    : `${formatMoney(row.amount, row.currency)} (${formatMoney(row.amountUsd, 'USD')})`

/** Paid revenue by currency net of refunds, each converted to USD with its migration's frozen rate (as the revenue tiles). */
export function RevenueByCurrencyChart({ data }: { data: DashboardChartsData }) {
  const rows = data.revenueByCurrency
  return (
    <ChartCard
      title="Revenue by Currency (USD)"
      testId="chart-revenue"
      summary={
        rows.length === 0 ? 'No paid revenue yet.' : `${rows.map(inCurrencyAndUsd).join(' · ')}.`
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
