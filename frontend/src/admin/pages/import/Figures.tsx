import { Box, Grid, List, ListItem, Typography, type GridSize, type ListProps } from '@mui/material'
import { formatCount } from '../../../common/format'

/** A figure of the import screen on a tinted tile: its label, then the number ('–' until it is known). */
export function Figure({
  label,
  value,
  testId,
  size,
}: {
  label: string
  value?: number
  testId: string
  size: Record<string, GridSize>
}) {
  return (
    <Grid size={size}>
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" data-testid={testId}>
          {formatCount(value)}
        </Typography>
      </Box>
    </Grid>
  )
}

/** The first `shown` lines (warnings, errors), then "... and N more". */
export function ShortList({
  lines,
  shown,
  ...props
}: ListProps & { lines: string[]; shown: number }) {
  return (
    <List dense disablePadding {...props}>
      {lines.slice(0, shown).map((line) => (
        <ListItem key={line} disableGutters sx={{ py: 0 }}>
          {line}
        </ListItem>
      ))}
      {lines.length > shown ? (
        <ListItem disableGutters>... and {lines.length - shown} more</ListItem>
      ) : null}
    </List>
  )
}
