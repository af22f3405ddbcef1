import { Box, Card, Stack, Typography } from '@mui/material'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { formatDate, localIsoDateTime } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { IconAction } from '../../components/IconAction'
import type { EmailOverride } from './OverrideDialog'

const DETAILS = {
  'display': 'grid',
  'gridTemplateColumns': 'auto 1fr',
  'columnGap': 2,
  'rowGap': 0.5,
  'mt': 1.5,
  'mb': 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0 },
  'typography': 'body2',
}

/** created_at as a short date (DATE_FORMAT) and time, both in the browser's time zone. */
function shortDateTime(iso: string | null, dateFormat: string) {
  const local = iso ? localIsoDateTime(new Date(iso)) : ''
  return local && `${formatDate(local, dateFormat)} ${local.slice(11, 16)}`
}

/** One override: the member, the original and the override address, notes, who created it and when. */
export function OverrideCard({
  override,
  onEdit,
  onDelete,
}: {
  override: EmailOverride
  onEdit: () => void
  onDelete: () => void
}) {
  const { dateFormat } = useFormatting()
  return (
    <Card data-testid={`override-card-${override.member_id}`} sx={{ p: 2, pb: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{override.insured_full_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {override.member_id}
          </Typography>
        </Box>
        <Stack direction="row">
          <IconAction title="Edit" aria-label="Edit override" icon={EditIcon} onClick={onEdit} />
          <IconAction
            title="Delete"
            aria-label="Delete override"
            color="error"
            icon={DeleteIcon}
            onClick={onDelete}
          />
        </Stack>
      </Stack>
      <Box component="dl" sx={DETAILS}>
        <dt>Original email</dt>
        <Box component="dd" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
          {override.original_email ?? 'None'}
        </Box>
        <dt>Override email</dt>
        <Box component="dd" sx={{ fontWeight: 600, color: 'primary.main' }}>
          {override.override_email}
        </Box>
        {override.notes ? (
          <>
            <dt>Notes</dt>
            <dd>{override.notes}</dd>
          </>
        ) : null}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        Created by {override.created_by ?? 'unknown'} ·{' '}
        {shortDateTime(override.created_at, dateFormat)}
      </Typography>
    </Card>
  )
}
