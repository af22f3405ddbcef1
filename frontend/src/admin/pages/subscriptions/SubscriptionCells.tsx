import { useExpanded, useRecordContext } from 'react-admin'
import { Box, Button, Chip, IconButton, Typography } from '@mui/material'
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown'
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp'
import { useAdminMutation } from '../../components/useAdminMutation'
import { useAdminData } from '../../dataProvider'
import type { SubscriptionRow } from './types'

const hiddenText = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

/** The expand column's header: named for screen readers, not shown. */
export const detailsHeader = (
  <Box component="span" sx={hiddenText}>
    Details
  </Box>
)

/**
 * Opens the row's expand panel. react-admin's own expand icon is hidden from assistive technology
 * and the keyboard (aria-hidden, tabIndex -1), so this named button replaces it (the icon column is hidden).
 */
export function ExpandButton({ resource }: { resource: string }) {
  const row = useRecordContext<SubscriptionRow>()!
  const [expanded, toggle] = useExpanded(resource, row.id, true)
  return (
    <IconButton
      size="small"
      aria-label="Show schedule and payments"
      aria-expanded={expanded}
      aria-controls={`${resource}-${row.id}-expand`}
      data-testid="expand-subscription"
      onClick={(event) => {
        event.stopPropagation()
        toggle()
      }}
    >
      {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
    </IconButton>
  )
}

/** Who ended the coverage in the portal (the migration detail's cancellation says the same). */
const CANCELLED_BY = {
  admin: 'Cancelled by an administrator',
  member: 'Withdrawn by the member',
  member_stop: 'Future payments stopped by the member',
} as const

/** Early cancellations: days left, who cancelled, and the one-way review mark. */
export function ReviewCell() {
  const row = useRecordContext<SubscriptionRow>()!
  const dataProvider = useAdminData()
  const { mutate } = useAdminMutation(() => dataProvider.markReviewed(row.id), 'Marked as reviewed')
  const markReviewed = () => mutate()
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Typography variant="body2" data-testid="remaining-days">
        {row.remaining_days} days left
      </Typography>
      {row.cancelled_by && row.cancelled_by in CANCELLED_BY ? (
        <Typography variant="body2" color="text.secondary" data-testid="cancelled-by">
          {CANCELLED_BY[row.cancelled_by as keyof typeof CANCELLED_BY]}
        </Typography>
      ) : null}
      {row.early_cancellation_reviewed ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label="Reviewed"
          data-testid="reviewed-chip"
        />
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={markReviewed}
          data-testid="mark-reviewed"
          aria-label={`Mark ${row.migration_reference} reviewed`}
        >
          Mark reviewed
        </Button>
      )}
    </span>
  )
}
