import { Box, CircularProgress } from '@mui/material'

/** A centred spinner while a screen's or a dialog's content loads, named for assistive technology. */
export function LoadingBlock({ label, testId }: { label: string; testId?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} data-testid={testId}>
      <CircularProgress aria-label={label} />
    </Box>
  )
}
