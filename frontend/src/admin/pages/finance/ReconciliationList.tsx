import { DataTable, Pagination, SearchInput, SelectInput } from 'react-admin'
import { Box, Chip } from '@mui/material'
import { PageHeader } from '../../components/PageHeader'
import { ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { ListExport } from '../../components/list/ListExport'
import { FinanceTabs } from './FinanceTabs'
import { ReconcileNow } from './ReconcileNow'
import { LedgerExport } from './LedgerExport'
import {
  centsLabel,
  KIND_CHOICES,
  kindLabel,
  OBJECT_CHOICES,
  type ReconciliationItem,
} from './reconciliation'

const Col = DataTable.Col<ReconciliationItem>

const FILTERS = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Provider or payment ID"
    slotProps={{ htmlInput: { 'aria-label': 'Search mismatches' } }}
  />,
  <SelectInput key="kind" source="kind" label="Kind" alwaysOn choices={KIND_CHOICES} />,
  <SelectInput
    key="object_type"
    source="object_type"
    label="Object"
    alwaysOn
    choices={OBJECT_CHOICES}
  />,
]

/** /admin/finance/reconciliation: the mismatches of the latest run (or a chosen run), docs/payments.md. */
export function ReconciliationList() {
  return (
    <>
      <PageHeader title="Finance" subtitle="Reconciliation with the payment provider" />
      <FinanceTabs current="reconciliation" />
      <Box sx={{ mb: 2 }}>
        <ReconcileNow />
      </Box>
      <Box sx={{ mb: 2 }}>
        <LedgerExport />
      </Box>
      <CardList
        what="reconciliation results"
        perPage={25}
        sort={{ field: 'id', order: 'ASC' }}
        filters={FILTERS}
        toolbar={<ListExport what="reconciliation results" />}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      >
        <Box data-testid="reconciliation-table" sx={{ overflowX: 'auto' }}>
          <DataTable
            bulkActionButtons={false}
            rowClick="show"
            empty={
              <ListEmpty
                text="No mismatches: every provider record matches our payments"
                testId="reconciliation-empty"
              />
            }
          >
            <Col
              source="kind"
              label="Kind"
              render={(row) => <Chip size="small" label={kindLabel(row.kind)} />}
            />
            <Col source="object_type" label="Object" />
            <Col
              source="provider_id"
              label="Provider ID"
              render={(row) => row.provider_id ?? '—'}
            />
            <Col
              source="provider_amount_cents"
              label="Provider amount"
              align="right"
              disableSort
              render={(row) => centsLabel(row.provider_amount_cents, row.provider_currency)}
            />
            <Col
              source="our_amount_cents"
              label="Our amount"
              align="right"
              disableSort
              render={(row) => centsLabel(row.our_amount_cents, row.our_currency)}
            />
            <Col
              source="provider_status"
              label="Status (provider / ours)"
              disableSort
              render={(row) => `${row.provider_status ?? '—'} / ${row.our_status ?? '—'}`}
            />
          </DataTable>
        </Box>
      </CardList>
    </>
  )
}
