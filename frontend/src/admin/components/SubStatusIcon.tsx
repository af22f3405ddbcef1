import { CircularProgress, Tooltip, Box } from '@mui/material'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import CancelIcon from '@mui/icons-material/Cancel'
import WarningAmberIcon from '@mui/icons-material/WarningAmber'
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined'
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked'

/** The icon kinds and their sub-statuses (admin-backoffice.md §4); any other, or none, is an empty circle. */
const KINDS = [
  {
    kind: 'check',
    statuses: ['succeeded', 'generated', 'sent', 'completed'],
    icon: <CheckCircleIcon fontSize="small" color="success" />,
  },
  { kind: 'cross', statuses: ['failed'], icon: <CancelIcon fontSize="small" color="error" /> },
  {
    kind: 'warning',
    statuses: ['partial', 'completed_with_warnings'],
    icon: <WarningAmberIcon fontSize="small" color="warning" />,
  },
  { kind: 'spinner', statuses: ['processing'], icon: <CircularProgress size={16} /> },
  {
    kind: 'skipped',
    statuses: ['skipped'],
    icon: <DoNotDisturbOnOutlinedIcon fontSize="small" sx={{ color: 'text.disabled' }} />,
  },
]
const CIRCLE = {
  kind: 'circle',
  icon: <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} />,
}

/** One of the four sub-status icons (payment, documents, email, API), with its status as tooltip. */
export function SubStatusIcon({
  label,
  status,
  testId,
}: {
  label: string
  status: string | null | undefined
  testId?: string
}) {
  const { kind, icon } = KINDS.find(({ statuses }) => statuses.includes(status ?? '')) ?? CIRCLE
  return (
    <Tooltip title={`${label}: ${(status ?? 'unknown').replace(/_/g, ' ')}`}>
      <Box
        component="span"
        role="img"
        data-testid={testId}
        data-kind={kind}
        sx={{ display: 'inline-flex', alignItems: 'center' }}
      >
        {icon}
      </Box>
    </Tooltip>
  )
}
