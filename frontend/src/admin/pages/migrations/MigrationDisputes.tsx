import { DataTable, useCanAccess, useGetList } from 'react-admin'
import { LinearProgress, Typography } from '@mui/material'
import { formatDate } from '../../../common/format'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty, LoadError } from '../../components/list/ListStates'
import { useAdminTools } from '../../components/useAdminTools'
import { centsLabel } from '../finance/reconciliation'
import { disputeStatusLabel, type FinanceDispute } from '../finance/money'
import { MONEY_LIST_PARAMS } from './moneyListParams'

const Dispute = DataTable.Col<FinanceDispute>
const DisputeBody = bodyWithRowTestId('migration-dispute-row')

/** The card disputes of a migration, from the Finance area's list. */
export function MigrationDisputes({
  migrationId,
  heading,
}: {
  migrationId: number
  heading: 'h2' | 'h3'
}) {
  const { dateFormat } = useAdminTools()
  // A row opens the Finance area's page of the dispute, for the roles that read the Finance area.
  const { canAccess: opensRow } = useCanAccess({ resource: 'finance/disputes', action: 'show' })
  const disputes = useGetList<FinanceDispute>(
    `migrations/${migrationId}/disputes`,
    MONEY_LIST_PARAMS,
    {
      retry: false,
    }
  )
  return (
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
            rowClick={opensRow ? 'show' : false}
            body={DisputeBody}
            empty={<ListEmpty text="No card disputes" testId="migration-disputes-empty" compact />}
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
  )
}
