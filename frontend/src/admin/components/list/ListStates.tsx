import type { ComponentType } from 'react'
import { DataTableBody, DataTableRow, useListContext, useRecordContext, type DataTableBodyProps } from 'react-admin'
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material'
import { describeError } from '../adminErrors'

/** A list that could not be loaded: says so (never "no results") and offers Retry. */
export function ListError({ what }: { what: string }) {
  const { error, refetch } = useListContext()
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      data-testid="list-error"
      action={
        <Button color="inherit" size="small" onClick={() => refetch()} data-testid="list-retry">
          Retry
        </Button>
      }
    >
      Could not load {what}: {error ? describeError(error) : 'unknown error'}
    </Alert>
  )
}

/** The list answered and has no rows: the spec's empty text. */
export function ListEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }} data-testid={testId}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  )
}

/** A thin bar while the list is being (re)fetched, so a slow answer never looks like an empty list. */
export function ListFetching() {
  const { isFetching } = useListContext()
  return isFetching ? <LinearProgress aria-label="Loading" data-testid="list-loading" /> : <Box sx={{ height: 4 }} />
}

/** A DataTable body whose rows carry a test id (the browser tests' handle on a row), fixed or per record. */
export function bodyWithRowTestId(testId: string | ((record: any) => string)): ComponentType<DataTableBodyProps> {
  const Row = (props: any) => {
    const record = useRecordContext()
    return <DataTableRow {...props} data-testid={typeof testId === 'string' ? testId : testId(record)} />
  }
  return (props: DataTableBodyProps) => <DataTableBody {...props} row={Row} />
}
