import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { DataTable, useCanAccess, useGetList } from 'react-admin'
import { LinearProgress, Typography } from '@mui/material'
import { formatDate } from '../../../common/format'
import { StatusBadge } from '../../components/StatusBadge'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty, LoadError } from '../../components/list/ListStates'
import { useAdminTools } from '../../components/useAdminTools'
import { centsLabel } from '../finance/reconciliation'
import { originLabel, type FinanceRefund } from '../finance/money'
import { MONEY_LIST_PARAMS } from './moneyListParams'

const Refund = DataTable.Col<FinanceRefund>
const RefundBody = bodyWithRowTestId('migration-refund-row')

/** The refunds of a migration (ours and those made at the provider), from the Finance area's list. */
export function MigrationRefunds({
  migrationId,
  heading,
}: {
  migrationId: number
  heading: 'h2' | 'h3'
}) {
  const { dateFormat } = useAdminTools()
  // A row opens the Finance area's page of the refund, for the roles that read the Finance area.
  const { canAccess: opensRow } = useCanAccess({ resource: 'finance/refunds', action: 'show' })
  // While a refund is pending at the provider, look again now and then.
  const refunds = useGetList<FinanceRefund>(
    `migrations/${migrationId}/refunds`,
    MONEY_LIST_PARAMS,
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
  return (
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
            rowClick={opensRow ? 'show' : false}
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
  )
}
