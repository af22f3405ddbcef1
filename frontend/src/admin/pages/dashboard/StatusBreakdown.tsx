import { LinearProgress, Stack, Typography } from '@mui/material'
import { formatMoney } from '../../../common/format'
import type { DashboardStats } from './types'
import { SectionCard } from '../../components/SectionCard'

/** Share of a total as a percentage with one decimal ("50.0"). */
const percentage = (part: number, total: number) =>
  total > 0 ? ((part / total) * 100).toFixed(1) : '0.0'
const FILL = { height: '100%' }

function Line(props: { label: string; value: string | number; testId: string; colour?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.75 }}>
      <Typography color="text.secondary">{props.label}</Typography>
      <Typography sx={{ fontWeight: 600, color: props.colour }} data-testid={props.testId}>
        {props.value}
      </Typography>
    </Stack>
  )
}

/** Completed (with percentage), pending, and failed only when above 0. */
export function MigrationStatusBreakdown({
  migrations,
}: {
  migrations: DashboardStats['migrations']
}) {
  const share = percentage(migrations.completed, migrations.total)
  return (
    <SectionCard title="Migration Status" sx={FILL}>
      <Line
        label="Completed"
        value={`${migrations.completed} (${share}%)`}
        testId="breakdown-completed"
        colour="#166534"
      />
      <LinearProgress
        aria-label="Completed share"
        variant="determinate"
        value={Number(share)}
        color="success"
        sx={{ height: 8, borderRadius: 4, my: 1 }}
      />
      <Line label="Pending" value={migrations.pending} testId="breakdown-pending" />
      {migrations.failed > 0 ? (
        <Line
          label="Failed"
          value={migrations.failed}
          testId="breakdown-failed"
          colour="error.main"
        />
      ) : null}
    </SectionCard>
  )
}

/** Total revenue, monthly recurring, active and cancelled subscriptions (USD, 2 decimals). */
export function RevenueOverview({
  subscriptions,
}: {
  subscriptions: DashboardStats['subscriptions']
}) {
  return (
    <SectionCard title="Revenue Overview" sx={FILL}>
      <Line
        label="Total Revenue (net of refunds)"
        value={formatMoney(subscriptions.totalRevenue, 'USD')}
        testId="revenue-total"
      />
      {subscriptions.totalRevenueByCurrency.map((row) => (
        <Line
          key={row.currency}
          label={`of which paid in ${row.currency}`}
          value={formatMoney(row.amount, row.currency)}
          testId={`revenue-total-${row.currency}`}
        />
      ))}
      <Line
        label="Monthly Recurring"
        value={formatMoney(subscriptions.monthlyRevenue, 'USD')}
        testId="revenue-monthly"
      />
      <Line label="Active Subscriptions" value={subscriptions.active} testId="revenue-active" />
      <Line
        label="Cancelled Subscriptions"
        value={subscriptions.canceled}
        testId="revenue-cancelled"
      />
    </SectionCard>
  )
}
