import { Chip } from '@mui/material'

/**
 * Badge colours by meaning: migration statuses (admin-backoffice.md §4), email deliveries and the
 * integration outbox (docs/operations.md §2–§3); anything else is grey.
 */
const PALETTE: [string[], { bg: string; fg: string }][] = [
  [['completed', 'active', 'paid', 'sent', 'succeeded', 'done'], { bg: '#dcfce7', fg: '#166534' }],
  [['completed_with_warnings', 'past_due', 'retrying'], { bg: '#fef3c7', fg: '#92400e' }],
  [['pending', 'open'], { bg: '#e0e7ff', fg: '#3730a3' }],
  [['processing', 'trialing'], { bg: '#dbeafe', fg: '#1e40af' }],
  [['failed', 'canceled', 'unpaid', 'dead_letter'], { bg: '#fee2e2', fg: '#991b1b' }],
]
const GREY = { bg: '#f1f5f9', fg: '#475569' }

/** A status as a coloured chip, underscores shown as spaces. */
export function StatusBadge({
  status,
  testId,
}: {
  status: string | null | undefined
  testId?: string
}) {
  const value = status ?? 'unknown'
  const colour = PALETTE.find(([statuses]) => statuses.includes(value))?.[1] ?? GREY
  return (
    <Chip
      size="small"
      label={value.replace(/_/g, ' ')}
      data-testid={testId}
      sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600, textTransform: 'capitalize' }}
    />
  )
}
