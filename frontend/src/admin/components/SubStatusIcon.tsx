import { CircularProgress, Tooltip, Box } from '@mui/material'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import CancelIcon from '@mui/icons-material/Cancel'
import WarningAmberIcon from '@mui/icons-material/WarningAmber'
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined'
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked'

const DONE = ['succeeded', 'generated', 'sent', 'completed']
const WARNING = ['partial', 'completed_with_warnings']

/** The kind of icon a sub-status gets (admin-backoffice.md §4). */
export function subStatusKind(status: string | null | undefined): 'check' | 'cross' | 'warning' | 'spinner' | 'skipped' | 'circle' {
  if (!status) return 'circle'
  if (DONE.includes(status)) return 'check'
  if (status === 'failed') return 'cross'
  if (WARNING.includes(status)) return 'warning'
  if (status === 'processing') return 'spinner'
  if (status === 'skipped') return 'skipped'
  return 'circle'
}

/** One of the four sub-status icons (payment, documents, email, API), with its status as tooltip. */
export function SubStatusIcon({ label, status, testId }: { label: string; status: string | null | undefined; testId?: string }) {
  const kind = subStatusKind(status)
  const icon = {
    check: <CheckCircleIcon fontSize="small" sx={{ color: 'success.main' }} />,
    cross: <CancelIcon fontSize="small" sx={{ color: 'error.main' }} />,
    warning: <WarningAmberIcon fontSize="small" sx={{ color: 'warning.main' }} />,
    spinner: <CircularProgress size={16} />,
    skipped: <DoNotDisturbOnOutlinedIcon fontSize="small" sx={{ color: 'text.disabled' }} />,
    circle: <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} />,
  }[kind]
  return (
    <Tooltip title={`${label}: ${(status ?? 'unknown').replace(/_/g, ' ')}`}>
      <Box component="span" role="img" data-testid={testId} data-kind={kind} sx={{ display: 'inline-flex', alignItems: 'center' }}>
        {icon}
      </Box>
    </Tooltip>
  )
}
