import { DataTable, Pagination, SearchInput, SelectInput } from 'react-admin'
import { Box, Chip } from '@mui/material'
import { formatDate, formatMoney } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { ListExport } from '../../components/list/ListExport'
import { useAdminTools } from '../../components/useAdminTools'
import { FinanceTabs } from './FinanceTabs'
import { DUNNING_STATUS_CHOICES, stageLabel, type DunningCase } from './dunning'
import { DunningSidebar } from './FinanceSidebars'

const Col = DataTable.Col<DunningCase>

const FILTERS = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Reference, member or ID"
    slotProps={{ htmlInput: { 'aria-label': 'Search dunning cases' } }}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={DUNNING_STATUS_CHOICES}
  />,
]

/** /admin/finance/dunning: failed installments and how far their chasing went (docs/payments.md). */
export function DunningList() {
  const { dateFormat } = useAdminTools()
  return (
    <>
      <PageHeader title="Finance" subtitle="Dunning of failed installments" />
      <FinanceTabs current="dunning" />
      <CardList
        what="dunning cases"
        perPage={25}
        sort={{ field: 'failed_at', order: 'DESC' }}
        aside={<DunningSidebar />}
        filters={FILTERS}
        toolbar={<ListExport what="dunning cases" />}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      >
        <Box data-testid="dunning-table" sx={{ overflowX: 'auto' }}>
          <DataTable
            bulkActionButtons={false}
            rowClick="show"
            empty={<ListEmpty text="No failed installments" testId="dunning-empty" />}
          >
            <Col source="migration_reference" label="Reference" disableSort />
            <Col source="member_name" label="Member" disableSort />
            <Col
              source="amount"
              label="Amount"
              align="right"
              render={(row) => formatMoney(row.amount, row.currency)}
            />
            <Col
              source="failed_at"
              label="Failed on"
              render={(row) => formatDate(row.failed_at, dateFormat)}
            />
            <Col
              source="stage"
              label="Stage"
              render={(row) => (
                <Chip
                  size="small"
                  label={stageLabel(row.stage)}
                  color={row.paid ? 'success' : 'default'}
                />
              )}
            />
            <Col
              source="last_notice_at"
              label="Last email"
              render={(row) =>
                row.last_notice_at ? formatDate(row.last_notice_at, dateFormat) : '—'
              }
            />
          </DataTable>
        </Box>
      </CardList>
    </>
  )
}
