import { useQuery } from '@tanstack/react-query'
import { Alert } from '@mui/material'
import { formatDate } from '../../../common/format'
import { useAdminTools } from '../../components/useAdminTools'
import { useAdminData } from '../../dataProvider'
import { centsLabel } from '../finance/reconciliation'

const WHO = {
  admin: 'Cancelled by an administrator',
  member: 'Withdrawn by the member',
  member_stop: 'Future payments stopped by the member',
} as const

/** The cancellation of this coverage, if any: who, why, until when, the refund. */
export function CancellationSummary({ migrationId }: { migrationId: number }) {
  const dataProvider = useAdminData()
  const { dateFormat } = useAdminTools()
  const { data } = useQuery({
    queryKey: ['migrations', migrationId, 'cancellation', 'made'],
    queryFn: () => dataProvider.coverageCancellation(migrationId),
    retry: false,
  })
  const made = data?.cancellation
  if (!made) return null
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="cancellation-summary">
      {WHO[made.requestedBy]} on {formatDate(made.createdAt, dateFormat)}, covered until{' '}
      {formatDate(made.effectiveOn, dateFormat)}: {made.reason}. Refund{' '}
      {centsLabel(made.refundCents, made.currency)} (
      {made.refundRule === 'cooling_off'
        ? 'cooling-off period: the whole amount'
        : 'the unused part'}
      ).
    </Alert>
  )
}
