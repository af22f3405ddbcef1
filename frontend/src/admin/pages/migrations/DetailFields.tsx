import type { ReactNode } from 'react'
import { Grid, Typography } from '@mui/material'

/** Labelled values in a grid of four columns: [label, value, test id]; an absent value reads N/A. */
export function DetailFields({ fields }: { fields: [string, ReactNode, string?][] }) {
  return (
    <Grid container spacing={2}>
      {fields.map(([label, value, testId]) => (
        <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }} sx={{ py: 1 }}>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}
          >
            {label}
          </Typography>
          <Typography component="div" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
            {value ?? 'N/A'}
          </Typography>
        </Grid>
      ))}
    </Grid>
  )
}
