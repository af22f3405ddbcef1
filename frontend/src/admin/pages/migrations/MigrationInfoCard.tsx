import { Alert, Chip, Stack } from '@mui/material'
import { formatMoney } from '../../../common/format'
import { SectionCard } from '../../components/SectionCard'
import { StatusBadge } from '../../components/StatusBadge'
import { DetailFields } from './DetailFields'
import type { MigrationDetail } from './migrationDetailTypes'

/** admin-backoffice.md §2: a recurring frequency with an active or trialing subscription. */
function isActiveSubscription(
  migration: Pick<MigrationDetail, 'payment_frequency' | 'subscription_status'>
) {
  const recurring = !['one-time', 'disabled', '', null].includes(migration.payment_frequency)
  return recurring && ['active', 'trialing'].includes(migration.subscription_status ?? '')
}

/** The migration's own figures: reference, status, amount, duration, dates, payment and why it failed. */
export function MigrationInfoCard({
  migration,
  date,
}: {
  migration: MigrationDetail
  date: (value: string | null) => string | null
}) {
  const status = (
    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
      <StatusBadge status={migration.status} />
      {isActiveSubscription(migration) ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          sx={{ color: 'success.dark' }}
          label="Active Subscription"
          data-testid="active-subscription"
        />
      ) : null}
    </Stack>
  )
  return (
    <SectionCard title="Migration Information">
      <DetailFields
        fields={[
          ['Reference', migration.migration_reference || migration.id, 'detail-reference'],
          ['Status', status, 'detail-status'],
          [
            'Total Amount',
            formatMoney(migration.total_amount, migration.currency),
            'detail-amount',
          ],
          [
            'Duration',
            `${migration.duration_days} days (${migration.duration_type.replace(/_/g, ' ')})`,
          ],
          ['End Date', date(migration.end_date)],
          ['Created At', date(migration.created_at)],
          ['Completed At', date(migration.completed_at) ?? 'Pending', 'detail-completed'],
          ['Payment Frequency', migration.payment_frequency],
          [
            'Payment',
            <StatusBadge status={migration.payment_status} testId="detail-payment-status" />,
          ],
        ]}
      />
      {migration.failure_reason ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="detail-failure-reason">
          {migration.failure_reason}
        </Alert>
      ) : null}
    </SectionCard>
  )
}
