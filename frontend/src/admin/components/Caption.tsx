import type { ReactNode } from 'react'
import { Typography } from '@mui/material'

/** A table cell's second line: small and muted (an id, a reason, a time). */
export function Caption({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography variant="caption" component="div" color="text.secondary" data-testid={testId}>
      {children}
    </Typography>
  )
}
