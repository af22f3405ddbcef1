import { Chip } from '@mui/material'

/** Badge colours of the migration statuses (admin-backoffice.md §4); anything else is grey. */
const COLOURS: Record<string, { bg: string; fg: string }> = {
  completed: { bg: '#dcfce7', fg: '#166534' },
  completed_with_warnings: { bg: '#fef3c7', fg: '#92400e' },
  pending: { bg: '#e0e7ff', fg: '#3730a3' },
  processing: { bg: '#dbeafe', fg: '#1e40af' },
  failed: { bg: '#fee2e2', fg: '#991b1b' },
  active: { bg: '#dcfce7', fg: '#166534' },
  trialing: { bg: '#dbeafe', fg: '#1e40af' },
  canceled: { bg: '#fee2e2', fg: '#991b1b' },
  past_due: { bg: '#fef3c7', fg: '#92400e' },
  unpaid: { bg: '#fee2e2', fg: '#991b1b' },
  paid: { bg: '#dcfce7', fg: '#166534' },
  open: { bg: '#e0e7ff', fg: '#3730a3' },
  // Email deliveries and the integration outbox (docs/operations.md §2–§3).
  sent: { bg: '#dcfce7', fg: '#166534' },
  succeeded: { bg: '#dcfce7', fg: '#166534' },
  done: { bg: '#dcfce7', fg: '#166534' },
  retrying: { bg: '#fef3c7', fg: '#92400e' },
  dead_letter: { bg: '#fee2e2', fg: '#991b1b' },
}
const GREY = { bg: '#f1f5f9', fg: '#475569' }

/** A status as a coloured chip, underscores shown as spaces. */
export function StatusBadge({ status, testId }: { status: string | null | undefined; testId?: string }) {
  const value = status ?? 'unknown'
  const colour = COLOURS[value] ?? GREY
  return (
    <Chip
      size="small"
      label={value.replace(/_/g, ' ')}
      data-testid={testId}
      sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600, textTransform: 'capitalize' }}
    />
  )
}
