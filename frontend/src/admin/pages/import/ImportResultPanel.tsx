import { Alert, Typography } from '@mui/material'
import { ShortList } from './Figures'
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
        New: {result.membersImported} · Updated: {result.membersUpdated} · Unchanged:{' '}
        {result.membersUnchanged} · Skipped: {result.membersSkipped}
      </Typography>
      {hasErrors ? <ShortList lines={result.errors} shown={SHOWN_ERRORS} /> : null}
    </Alert>
  )
}
