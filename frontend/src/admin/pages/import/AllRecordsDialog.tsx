import { useEffect, useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, TablePagination } from '@mui/material'
import { api, errorMessage } from '../../../common/api'
import { RecordsTable, type SortKey } from './RecordsTable'
import type { ImportRecord } from './types'

const PAGE_SIZE = 100

/**
 * Every record of the preview, a page at a time from the server's preview
 * cache (GET /api/admin/data/preview-records), sorted there by the chosen column.
 */
export function AllRecordsDialog(props: { open: boolean; cacheKey: string; total: number; onClose: () => void }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({ key: 'name', direction: 'asc' })
  const [page, setPage] = useState(0)
  const [records, setRecords] = useState<ImportRecord[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { open, cacheKey } = props

  useEffect(() => {
    if (!open) return
    let current = true
    const query = new URLSearchParams({ cacheKey, page: String(page + 1), limit: String(PAGE_SIZE), sort: sort.key, direction: sort.direction })
    setError(null)
    api
      .get<{ records: ImportRecord[] }>(`/admin/data/preview-records?${query}`)
      .then((answer) => current && setRecords(answer.records))
      .catch((failure) => current && setError(errorMessage(failure)))
    return () => {
      current = false
    }
  }, [open, cacheKey, page, sort])

  const onSort = (key: SortKey) => {
    setPage(0)
    setSort((current) => ({ key, direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc' }))
  }
  return (
    <Dialog open={open} onClose={props.onClose} maxWidth="lg" fullWidth data-testid="all-records-dialog">
      <DialogTitle>All Records ({props.total.toLocaleString('en-US')})</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {records === null && !error ? <LinearProgress /> : null}
        {records ? <RecordsTable records={records} sort={{ ...sort, onSort }} testId="all-records-table" /> : null}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <TablePagination
          component="div"
          count={props.total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
          data-testid="all-records-pages"
        />
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
