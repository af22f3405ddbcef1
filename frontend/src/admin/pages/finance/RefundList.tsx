import { DataTable, Pagination, SearchInput, SelectInput } from 'react-admin'
import { Box } from '@mui/material'
import { formatDate } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { StatusBadge } from '../../components/StatusBadge'
import { ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { ListExport } from '../../components/list/ListExport'
import { useAdminTools } from '../../components/useAdminTools'
import { FinanceTabs } from './FinanceTabs'
import { RefundSidebar } from './FinanceSidebars'
import { centsLabel } from './reconciliation'
import { ORIGIN_CHOICES, originLabel, REFUND_STATUS_CHOICES, type FinanceRefund } from './money'

const Col = DataTable.Col<FinanceRefund>

const FILTERS = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Reference, member ID or refund ID"
    slotProps={{ htmlInput: { 'aria-label': 'Search refunds' } }}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={REFUND_STATUS_CHOICES}
  />,
  <SelectInput key="origin" source="origin" label="Origin" alwaysOn choices={ORIGIN_CHOICES} />,
]

/** /admin/finance/refunds: every refund, made by a cancellation here or at the provider (docs/payments.md). */
export function RefundList() {
  const { dateFormat } = useAdminTools()
  return (
    <>
      <PageHeader title="Finance" subtitle="Refunds" />
      <FinanceTabs current="refunds" />
      <CardList
        what="refunds"
        perPage={25}
        sort={{ field: 'created_at', order: 'DESC' }}
        aside={<RefundSidebar />}
        filters={FILTERS}
        toolbar={<ListExport what="refunds" />}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      >
        <Box data-testid="refunds-table" sx={{ overflowX: 'auto' }}>
          <DataTable
            bulkActionButtons={false}
            rowClick="show"
            empty={<ListEmpty text="No refunds" testId="refunds-empty" />}
          >
            <Col source="migration_reference" label="Reference" disableSort />
            <Col source="member_id" label="Member ID" disableSort />
            <Col
              source="amount_cents"
              label="Amount"
              align="right"
              render={(row) => centsLabel(row.amount_cents, row.currency)}
            />
            <Col
              source="status"
              label="Status"
              render={(row) => <StatusBadge status={row.status} />}
            />
            <Col source="origin" label="Origin" render={(row) => originLabel(row.origin)} />
            <Col
              source="created_at"
              label="Created"
              render={(row) => formatDate(row.created_at, dateFormat)}
            />
          </DataTable>
        </Box>
      </CardList>
    </>
  )
}
