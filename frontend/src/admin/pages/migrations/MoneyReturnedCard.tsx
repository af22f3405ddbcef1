import { useEffect, useRef } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { DataTable, useGetList } from 'react-admin'
import { Alert, LinearProgress, Stack, Typography } from '@mui/material'
import { formatDate } from '../../../common/format'
import { SectionCard } from '../../components/SectionCard'
import { StatusBadge } from '../../components/StatusBadge'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty, LoadError } from '../../components/list/ListStates'
import { useAdminTools } from '../../components/useAdminTools'
import { useAdminData } from '../../dataProvider'
import { centsLabel } from '../finance/reconciliation'
import {
  disputeStatusLabel,
  originLabel,
  type FinanceDispute,
  type FinanceRefund,
} from '../finance/money'

const Refund = DataTable.Col<FinanceRefund>
const Dispute = DataTable.Col<FinanceDispute>
const RefundBody = bodyWithRowTestId('migration-refund-row')
const DisputeBody = bodyWithRowTestId('migration-dispute-row')
const ALL = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } }

/** The cancellation of this coverage, if any: who, why, until when, the refund. */
function CancellationSummary({ migrationId }: { migrationId: number }) {
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
      Cancelled by {made.requestedBy === 'admin' ? 'an administrator' : 'the member'} on{' '}
      {formatDate(made.createdAt, dateFormat)}, covered until{' '}
      {formatDate(made.effectiveOn, dateFormat)}: {made.reason}. Refund{' '}
      {centsLabel(made.refundCents, made.currency)} (
      {made.refundRule === 'cooling_off'
        ? 'cooling-off period: the whole amount'
        : 'the unused part'}
      ).
    </Alert>
  )
}

/**
 * The refunds (ours and those made at the provider) and card disputes of a migration, from the
 * Finance area's lists filtered by migration: the migration detail and the subscriptions' panel.
 */
export function MigrationMoneyLists({
  migrationId,
  heading = 'h3',
}: {
  migrationId: number
  heading?: 'h2' | 'h3'
}) {
  const { dateFormat } = useAdminTools()
  const filter = { migration_id: String(migrationId) }
  // While a refund is pending at the provider, look again now and then.
  const refunds = useGetList<FinanceRefund>(
    'finance/refunds',
    { ...ALL, filter },
    {
      retry: false,
      refetchInterval: (query) =>
        query.state.data?.data.some((row) => row.status === 'pending') ? 3000 : false,
    }
  )
  // A refund that settled changed the payment's status: reload the migration once then.
  const queryClient = useQueryClient()
  const pending = refunds.data?.some((row) => row.status === 'pending') ?? false
  const wasPending = useRef(false)
  useEffect(() => {
    if (wasPending.current && !pending)
      void queryClient.invalidateQueries({ queryKey: ['migrations'] })
    wasPending.current = pending
  }, [pending, queryClient])
  const disputes = useGetList<FinanceDispute>(
    'finance/disputes',
    { ...ALL, filter },
    { retry: false }
  )
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="subtitle2" component={heading}>
          Refunds
        </Typography>
        {refunds.isPending ? (
          <LinearProgress aria-label="Loading refunds" />
        ) : refunds.error ? (
          <LoadError
            what="refunds"
            error={refunds.error}
            onRetry={refunds.refetch}
            testId="migration-refunds-error"
          />
        ) : (
          <TableRegion label="Refunds table">
            <DataTable
              resource="finance/refunds"
              data={refunds.data}
              bulkActionButtons={false}
              rowClick="show"
              body={RefundBody}
              empty={<ListEmpty text="No refunds" testId="migration-refunds-empty" compact />}
            >
              <Refund
                source="amount_cents"
                label="Amount"
                align="right"
                disableSort
                render={(row) => centsLabel(row.amount_cents, row.currency)}
              />
              <Refund
                source="status"
                label="Status"
                disableSort
                render={(row) => <StatusBadge status={row.status} />}
              />
              <Refund
                source="origin"
                label="Origin"
                disableSort
                render={(row) => originLabel(row.origin)}
              />
              <Refund
                source="created_at"
                label="Created"
                disableSort
                render={(row) => formatDate(row.created_at, dateFormat)}
              />
            </DataTable>
          </TableRegion>
        )}
      </div>
      <div>
        <Typography variant="subtitle2" component={heading}>
          Card disputes
        </Typography>
        {disputes.isPending ? (
          <LinearProgress aria-label="Loading disputes" />
        ) : disputes.error ? (
          <LoadError
            what="disputes"
            error={disputes.error}
            onRetry={disputes.refetch}
            testId="migration-disputes-error"
          />
        ) : (
          <TableRegion label="Card disputes table">
            <DataTable
              resource="finance/disputes"
              data={disputes.data}
              bulkActionButtons={false}
              rowClick="show"
              body={DisputeBody}
              empty={
                <ListEmpty text="No card disputes" testId="migration-disputes-empty" compact />
              }
            >
              <Dispute
                source="amount_cents"
                label="Amount"
                align="right"
                disableSort
                render={(row) => centsLabel(row.amount_cents, row.currency)}
              />
              <Dispute
                source="status"
                label="Status"
                disableSort
                render={(row) => disputeStatusLabel(row.status)}
              />
              <Dispute
                source="reason"
                label="Reason"
                disableSort
                render={(row) => (row.reason ?? '—').replace(/_/g, ' ')}
              />
              <Dispute
                source="opened_at"
                label="Opened"
                disableSort
                render={(row) => formatDate(row.opened_at, dateFormat)}
              />
            </DataTable>
          </TableRegion>
        )}
      </div>
    </Stack>
  )
}

/** Money given back on this migration (docs/backoffice.md): its cancellation, then its refunds and disputes. */
export function MoneyReturnedCard({ migrationId }: { migrationId: number }) {
  return (
    <SectionCard title="Refunds and Disputes" data-testid="money-returned">
      <CancellationSummary migrationId={migrationId} />
      <MigrationMoneyLists migrationId={migrationId} />
    </SectionCard>
  )
}
