import { DataTable } from 'react-admin'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { ListEmpty } from '../../components/list/ListStates'
import type { ImportRecord } from './types'

const COLUMNS: { key: Exclude<keyof ImportRecord, 'row'>; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'memberId', label: 'Member ID' },
  { key: 'dateOfBirth', label: 'Date of Birth' },
  { key: 'role', label: 'Role' },
  { key: 'principalName', label: 'Principal' },
  { key: 'residenceCountry', label: 'Residence Country' },
  { key: 'product', label: 'Product' },
]
const Col = DataTable.Col<ImportRecord>

/** Census records (keyed by their file row): `records` given, or the list's page (sortable headers) inside a ListBase. */
export function RecordsTable(props: { records?: ImportRecord[]; testId: string }) {
  const { dateFormat } = useFormatting()
  // The server gives the date of birth as YYYY-MM-DD; shown in DATE_FORMAT as on every other screen.
  const text = (record: ImportRecord, key: (typeof COLUMNS)[number]['key']) =>
    key === 'dateOfBirth' ? formatDate(record[key], dateFormat) : record[key]
  return (
    <DataTable
      resource="import-records"
      data={props.records?.map((record) => ({ ...record, id: record.row }))}
      bulkActionButtons={false}
      rowClick={false}
      empty={<ListEmpty text="No records" testId="records-empty" compact />}
      stickyHeader
      data-testid={props.testId}
      // The dialog or the preview's region scrolls the table (so the header sticks), not react-admin's wrapper.
      sx={{
        '& th': { fontWeight: 600, whiteSpace: 'nowrap' },
        '&& .RaDataTable-tableWrapper': { overflowX: 'visible' },
      }}
    >
      <Col source="row" label="Row" disableSort cellSx={() => ({ color: 'text.secondary' })} />
      {COLUMNS.map((column) => (
        <Col
          key={column.key}
          source={column.key}
          label={column.label}
          render={(record) => text(record, column.key) || '—'}
        />
      ))}
    </DataTable>
  )
}
