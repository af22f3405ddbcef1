import { DataTable, type SortPayload } from 'react-admin'
import { ListEmpty } from '../../components/list/ListStates'
import type { ImportRecord } from './types'

export type SortKey = 'name' | 'memberId' | 'dateOfBirth' | 'role' | 'principalName' | 'residenceCountry' | 'product'

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'memberId', label: 'Member ID' },
  { key: 'dateOfBirth', label: 'Date of Birth' },
  { key: 'role', label: 'Role' },
  { key: 'principalName', label: 'Principal' },
  { key: 'residenceCountry', label: 'Residence Country' },
  { key: 'product', label: 'Product' },
]
const Col = DataTable.Col<ImportRecord>

/** Census records (keyed by their file row); sortable headers when `sort` and `setSort` are given. */
export function RecordsTable(props: { records: ImportRecord[]; sort?: SortPayload; setSort?: (sort: SortPayload) => void; testId?: string }) {
  return (
    <DataTable
      resource="import-records"
      data={props.records.map((record) => ({ ...record, id: record.row }))}
      sort={props.sort}
      setSort={props.setSort}
      bulkActionButtons={false}
      rowClick={false}
      empty={<ListEmpty text="No records" testId="records-empty" compact />}
      stickyHeader
      data-testid={props.testId}
      // The dialog or the preview's region scrolls the table (so the header sticks), not react-admin's wrapper.
      sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap' }, '&& .RaDataTable-tableWrapper': { overflowX: 'visible' } }}
    >
      <Col source="row" label="Row" disableSort cellSx={() => ({ color: 'text.secondary' })} />
      {COLUMNS.map((column) => (
        <Col key={column.key} source={column.key} label={column.label} render={(record) => record[column.key] || '—'} />
      ))}
    </DataTable>
  )
}
