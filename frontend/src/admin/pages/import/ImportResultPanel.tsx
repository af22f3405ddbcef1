import { Alert, List, ListItem, Typography } from '@mui/material'
import type { ImportResult } from './types'

const SHOWN_ERRORS = 10

export function ImportResultPanel({ result }: { result: ImportResult }) {
  const hasErrors = result.errors.length > 0
  return (
    <Alert severity={hasErrors ? 'warning' : 'success'} data-testid="import-result">
      <Typography variant="subtitle2" component="p" data-testid="import-result-summary">
        {result.membersImported} members imported, {result.newProductsAdded} new products added
        {result.membersUnchanged > 0 ? `, ${result.membersUnchanged} already up to date` : ''}.
      </Typography>
      <Typography variant="body2" data-testid="import-result-counts">
        New: {result.membersImported} · Updated: {result.membersUpdated} · Unchanged: {result.membersUnchanged} · Skipped: {result.membersSkipped}
      </Typography>
      {hasErrors ? (
        <List dense disablePadding>
          {result.errors.slice(0, SHOWN_ERRORS).map((error) => (
            <ListItem key={error} disableGutters sx={{ py: 0 }}>
              {error}
            </ListItem>
          ))}
          {result.errors.length > SHOWN_ERRORS ? (
            <ListItem disableGutters sx={{ py: 0 }}>
              ... and {result.errors.length - SHOWN_ERRORS} more
            </ListItem>
          ) : null}
        </List>
      ) : null}
    </Alert>
  )
}
