import { Box } from '@mui/material'
import type { ReactNode } from 'react'

/**
 * A wide table that scrolls sideways inside its card on a phone. It takes keyboard focus and is a
 * named region, so a keyboard user can scroll it (axe scrollable-region-focusable).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Box>
  )
}
