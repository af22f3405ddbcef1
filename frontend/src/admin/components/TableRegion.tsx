import type { ReactNode } from 'react'
import { Box } from '@mui/material'

/**
 * A card's table that can be wider than a phone scrolls inside this named region, which a keyboard
 * user can focus to scroll it (axe scrollable-region-focusable): react-admin's own table wrapper,
 * which would scroll otherwise (layout/Layout.tsx), cannot take a tabIndex.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ 'overflowX': 'auto', '&& .RaDataTable-tableWrapper': { overflowX: 'visible' } }}
    >
      {children}
    </Box>
  )
}
