import { useMemo, useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material'
import { RecordsTable, type SortKey } from './RecordsTable'
import type { ImportRecord } from './types'

/** Most rows drawn at once; sorting still covers every record. */
const MAX_ROWS_SHOWN = 2000

export function AllRecordsDialog(props: { open: boolean; records: ImportRecord[]; onClose: () => void }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({ key: 'name', direction: 'asc' })
  const sorted = useMemo(() => {
    const factor = sort.direction === 'asc' ? 1 : -1
    return [...props.records].sort((a, b) => factor * a[sort.key].localeCompare(b[sort.key], 'en', { numeric: true, sensitivity: 'base' }))
  }, [props.records, sort])
  const onSort = (key: SortKey) => setSort((current) => ({ key, direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc' }))
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="lg" fullWidth data-testid="all-records-dialog">
      <DialogTitle>
        All Records ({props.records.length.toLocaleString('en-US')}
        {props.records.length > MAX_ROWS_SHOWN ? `, first ${MAX_ROWS_SHOWN.toLocaleString('en-US')} shown` : ''})
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <RecordsTable records={sorted.slice(0, MAX_ROWS_SHOWN)} sort={{ ...sort, onSort }} testId="all-records-table" />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
