import { ListBase, Pagination, WithListContext, type SortPayload } from 'react-admin'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
} from '@mui/material'
import { LoadError } from '../../components/list/ListStates'
import { RecordsTable } from './RecordsTable'

const BY_NAME: SortPayload = { field: 'name', order: 'ASC' }

/**
 * Every record of the preview, a page of 100 at a time from the server's preview cache (the
 * `import-records` resource, GET /api/admin/data/preview-records), sorted there by the chosen column.
 * Another order starts again at the first page; the page shown stays until the next one arrives.
 */
export function AllRecordsDialog(props: {
  open: boolean
  cacheKey: string
  total: number
  onClose: () => void
}) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="lg"
      fullWidth
      data-testid="all-records-dialog"
    >
      <DialogTitle>All Records ({props.total.toLocaleString('en-US')})</DialogTitle>
      <ListBase
        resource="import-records"
        filter={{ cacheKey: props.cacheKey }}
        sort={BY_NAME}
        perPage={100}
        disableSyncWithLocation
      >
        <DialogContent dividers sx={{ p: 0 }}>
          <WithListContext
            render={({ error, isPending, refetch }) => {
              if (error)
                return (
                  <LoadError
                    what="the records"
                    error={error}
                    onRetry={() => refetch?.()}
                    testId="all-records-error"
                  />
                )
              return isPending ? (
                <LinearProgress aria-label="Loading records" />
              ) : (
                <RecordsTable testId="all-records-table" />
              )
            }}
          />
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Pagination rowsPerPageOptions={[100]} data-testid="all-records-pages" />
          <Button onClick={props.onClose}>Close</Button>
        </DialogActions>
      </ListBase>
    </Dialog>
  )
}
