import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, TablePagination } from '@mui/material'
import type { SortPayload } from 'react-admin'
import { useAdminData } from '../../dataProvider'
import { LoadError } from '../../components/list/ListStates'
import { RecordsTable, type SortKey } from './RecordsTable'
import type { ImportRecord } from './types'

const PAGE_SIZE = 100

/**
 * Every record of the preview, a page at a time from the server's preview
 * cache (GET /api/admin/data/preview-records), sorted there by the chosen column.
 */
export function AllRecordsDialog(props: { open: boolean; cacheKey: string; total: number; onClose: () => void }) {
  const [sort, setSort] = useState<SortPayload>({ field: 'name', order: 'ASC' })
  const [page, setPage] = useState(0)
  const { open, cacheKey } = props
  const dataProvider = useAdminData()
  const { data: records, error, refetch } = useQuery({
    queryKey: ['import', 'preview-records', cacheKey, page, sort.field, sort.order],
    queryFn: async () => (await dataProvider.previewRecords(cacheKey, page + 1, PAGE_SIZE, sort.field as SortKey, sort.order === 'ASC' ? 'asc' : 'desc')).records as ImportRecord[],
    enabled: open,
    retry: false,
    // The page shown stays until the next one (or the other order) arrives.
    placeholderData: keepPreviousData,
  })

  // Another order starts again at the first page.
  const onSort = (next: SortPayload) => {
    setPage(0)
    setSort(next)
  }
  return (
    <Dialog open={open} onClose={props.onClose} maxWidth="lg" fullWidth data-testid="all-records-dialog">
      <DialogTitle>All Records ({props.total.toLocaleString('en-US')})</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {error ? <LoadError what="the records" error={error} onRetry={refetch} testId="all-records-error" /> : null}
        {!records && !error ? <LinearProgress aria-label="Loading records" /> : null}
        {records ? <RecordsTable records={records} sort={sort} setSort={onSort} testId="all-records-table" /> : null}
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
