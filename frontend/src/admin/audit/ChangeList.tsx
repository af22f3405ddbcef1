import { Box, Typography } from '@mui/material'
import { fieldChanges, fieldLabel, valueText, type AuditEntry } from './auditText'

/**
 * The changed fields of an entry, "before → after" per field (a create shows
 * only the new values, a delete only the old ones). Values are shown as the
 * server sent them, so masked secrets stay masked.
 */
export function ChangeList({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const changes = fieldChanges(entry)
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="audit-no-fields">
        No field values recorded
      </Typography>
    )
  }
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
      data-testid="audit-changes"
    >
      {changes.map((change) => (
        <Box
          key={change.field}
          sx={{ display: 'contents' }}
          data-testid={`audit-change-${change.field}`}
        >
          <Typography
            component="dt"
            variant="body2"
            sx={{ fontWeight: 600, color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {fieldLabel(change.field)}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, overflowWrap: 'anywhere' }}
          >
            {'before' in change ? (
              <Box component="del" sx={{ color: 'text.secondary' }} data-testid="audit-before">
                {valueText(change.before)}
              </Box>
            ) : null}
            {'before' in change && 'after' in change ? (
              <Box component="span" aria-label="changed to" sx={{ mx: 0.75 }}>
                →
              </Box>
            ) : null}
            {'after' in change ? (
              <Box
                component="ins"
                sx={{ textDecoration: 'none', fontWeight: 600, color: 'success.dark' }}
                data-testid="audit-after"
              >
                {valueText(change.after)}
              </Box>
            ) : null}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}
