import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'

/** A label above its value, used in the detail cards. */
export function InfoRow({
  label,
  value,
  testId,
}: {
  label: string
  value: ReactNode
  testId?: string
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}
      >
        {label}
      </Typography>
      <Typography
        variant="body1"
        data-testid={testId}
        sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
      >
        {value || '—'}
      </Typography>
    </Box>
  )
}
