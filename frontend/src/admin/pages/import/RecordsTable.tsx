import { Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material'
import type { ImportRecord } from './types'

export type SortKey = 'name' | 'memberId' | 'dateOfBirth' | 'role' | 'principalName' | 'residenceCountry' | 'product'

export const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'memberId', label: 'Member ID' },
  { key: 'dateOfBirth', label: 'Date of Birth' },
  { key: 'role', label: 'Role' },
  { key: 'principalName', label: 'Principal' },
  { key: 'residenceCountry', label: 'Residence Country' },
  { key: 'product', label: 'Product' },
]

/** Census records; sortable headers when `sort` is given. */
export function RecordsTable(props: { records: ImportRecord[]; sort?: { key: SortKey; direction: 'asc' | 'desc'; onSort: (key: SortKey) => void }; testId?: string }) {
  const { sort } = props
  return (
    <Table size="small" stickyHeader data-testid={props.testId}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Row</TableCell>
          {COLUMNS.map((column) => (
            <TableCell key={column.key} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {sort ? (
                <TableSortLabel active={sort.key === column.key} direction={sort.key === column.key ? sort.direction : 'asc'} onClick={() => sort.onSort(column.key)}>
                  {column.label}
                </TableSortLabel>
              ) : (
                column.label
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.records.map((record) => (
          <TableRow key={record.row} hover>
            <TableCell sx={{ color: 'text.secondary' }}>{record.row}</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column.key}>{record[column.key] || '—'}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
