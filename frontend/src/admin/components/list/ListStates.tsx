import type { ComponentType } from 'react'
import {
  DataTableBody,
  DataTableRow,
  useListContext,
  useRecordContext,
  type DataTableBodyProps,
} from 'react-admin'
import { Alert, Box, Button, LinearProgress, Typography, type SxProps } from '@mui/material'
import { describeError } from '../adminErrors'

/** Something that could not be loaded: says so (never "nothing there") and offers Retry. */
export function LoadError({
  what,
  error,
  onRetry,
  testId,
  sx,
}: {
  what: string
  error: unknown
  onRetry: () => unknown
  testId?: string
  sx?: SxProps
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      data-testid={testId}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => onRetry()}
          data-testid={testId ? testId.replace(/-error$/, '-retry') : undefined}
        >
          Retry
        </Button>
      }
    >
      Could not load {what}: {error ? describeError(error) : 'unknown error'}
    </Alert>
  )
}

/** A list that could not be loaded (react-admin's list context). */
export function ListError({ what }: { what: string }) {
  const { error, refetch } = useListContext()
  return <LoadError what={what} error={error} onRetry={refetch} testId="list-error" sx={{ m: 2 }} />
}

/** The list answered and has no rows: the spec's empty text (`compact` inside a card's table). */
export function ListEmpty({
  text,
  testId,
  compact,
}: {
  text: string
  testId: string
  compact?: boolean
}) {
  return (
    <Box sx={{ py: compact ? 2 : 6, textAlign: 'center' }} data-testid={testId}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  )
}

/** A thin bar while the list is being (re)fetched, so a slow answer never looks like an empty list. */
export function ListFetching() {
  const { isFetching } = useListContext()
  return isFetching ? (
    <LinearProgress aria-label="Loading" data-testid="list-loading" />
  ) : (
    <Box sx={{ height: 4 }} />
  )
}

/**
 * A DataTable body whose rows carry a test id (the browser tests' handle on a row), fixed or per
 * record, and any other attributes `more` gives for the record.
 */
export function bodyWithRowTestId(
  testId: string | ((record: any) => string),
  more?: (record: any) => Record<string, unknown>
): ComponentType<DataTableBodyProps> {
  const Row = (props: any) => {
    const record = useRecordContext()
    return (
      <DataTableRow
        {...props}
        data-testid={typeof testId === 'string' ? testId : testId(record)}
        {...(record && more ? more(record) : {})}
      />
    )
  }
  return (props: DataTableBodyProps) => <DataTableBody {...props} row={Row} />
}
