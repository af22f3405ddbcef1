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
import { DisputeSidebar } from './FinanceSidebars'
import { centsLabel } from './reconciliation'
import { DISPUTE_STATUS_CHOICES, type FinanceDispute } from './money'

const Col = DataTable.Col<FinanceDispute>

const FILTERS = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Reference, member ID or dispute ID"
    slotProps={{ htmlInput: { 'aria-label': 'Search disputes' } }}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={DISPUTE_STATUS_CHOICES}
  />,
]

/** /admin/finance/disputes: card disputes the provider reported (docs/payments.md). */
export function DisputeList() {
  const { dateFormat } = useAdminTools()
  return (
    <>
      <PageHeader title="Finance" subtitle="Card disputes" />
      <FinanceTabs current="disputes" />
      <CardList
        what="disputes"
        perPage={25}
        sort={{ field: 'opened_at', order: 'DESC' }}
        aside={<DisputeSidebar />}
        filters={FILTERS}
        toolbar={<ListExport what="disputes" />}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      >
        <Box data-testid="disputes-table" sx={{ overflowX: 'auto' }}>
          <DataTable
            bulkActionButtons={false}
            rowClick="show"
            empty={<ListEmpty text="No card disputes" testId="disputes-empty" />}
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
            <Col
              source="reason"
              label="Reason"
              disableSort
              render={(row) => (row.reason ?? '—').replace(/_/g, ' ')}
            />
            <Col
              source="opened_at"
              label="Opened"
              render={(row) => formatDate(row.opened_at, dateFormat)}
            />
            <Col
              source="evidence_due_by"
              label="Evidence due"
              render={(row) =>
                // Only an open dispute can still be answered; a decided one shows a dash.
                row.evidence_due_by && !row.closed_at
                  ? formatDate(row.evidence_due_by, dateFormat)
                  : '—'
              }
            />
          </DataTable>
        </Box>
      </CardList>
    </>
  )
}
