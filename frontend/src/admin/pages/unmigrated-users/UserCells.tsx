import { Box, Button, Checkbox, Chip, Stack, Tooltip, Typography } from '@mui/material'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import LinkIcon from '@mui/icons-material/Link'
import { useListContext } from 'react-admin'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import { IconAction } from '../../components/IconAction'
import type { IssuedLink, UnmigratedUser } from './types'

/** Header checkbox: selects every listed member (all pages), not only the rows shown. */
export function SelectAllCheckbox() {
  const { selectedIds, onSelect, meta } = useListContext()
  const ids = ((meta?.rows ?? []) as UnmigratedUser[]).map((user) => user.id)
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id))
  return (
    <Checkbox
      checked={all}
      indeterminate={!all && selectedIds.length > 0}
      onChange={() => onSelect(all ? [] : ids)}
      onClick={(event) => event.stopPropagation()}
      slotProps={{ input: { 'aria-label': 'Select all' } }}
      data-testid="select-all"
    />
  )
}

export function SelectUserCheckbox({ user }: { user: UnmigratedUser }) {
  const { selectedIds, onToggleItem } = useListContext()
  return (
    <Checkbox
      checked={selectedIds.includes(user.id)}
      onChange={() => onToggleItem(user.id)}
      slotProps={{ input: { 'aria-label': `Select ${user.insured_full_name}` } }}
      data-testid="select-user"
    />
  )
}

/** When the member was invited, the reminders sent and how the latest of those emails fared. */
export function InvitationCell({ user }: { user: UnmigratedUser }) {
  const { dateFormat } = useFormatting()
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }} data-testid="invitation-cell">
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {user.invited_at ? `Invited ${formatDate(user.invited_at, dateFormat)}` : 'Not invited'}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {user.reminders_sent === 1 ? '1 reminder sent' : `${user.reminders_sent} reminders sent`}
      </Typography>
      {user.last_delivery_status ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            Last email
          </Typography>
          <StatusBadge status={user.last_delivery_status} testId="last-delivery-status" />
        </Stack>
      ) : null}
    </Stack>
  )
}

/** The token column: a fresh link (copy), a valid one from before (copy makes a new one), none, or blocked. */
export function LinkCell({
  user,
  link,
  onGenerate,
  onCopy,
}: {
  user: UnmigratedUser
  link?: IssuedLink
  onGenerate: () => void
  onCopy: () => void
}) {
  const { dateFormat } = useFormatting()
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {/* A fixed width keeps the copy buttons in one column whatever the row shows; narrow enough for the
          table to fit 1280 px: a longer chip text wraps. */}
      <Box
        sx={{
          'width': 120,
          'flexShrink': 0,
          '& .MuiChip-root': { height: 'auto', py: 0.25 },
          '& .MuiChip-label': { whiteSpace: 'normal' },
        }}
      >
        {user.is_blocked ? (
          <Tooltip title="Blocked from migrating: no link is issued until the block is lifted in Members">
            <Chip
              size="small"
              variant="outlined"
              color="error"
              sx={{ color: 'error.dark' }}
              label="Blocked"
              data-testid="unmigrated-blocked"
            />
          </Tooltip>
        ) : link ? (
          <Typography
            variant="body2"
            sx={{
              fontFamily: 'monospace',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
            title={link.secureLink}
            data-testid="secure-link"
          >
            {link.secureLink}
          </Typography>
        ) : user.has_valid_token ? (
          <Tooltip title="Only a hash is stored: copying creates a new link and revokes this one">
            <Chip
              size="small"
              variant="outlined"
              color="success"
              sx={{ color: 'success.dark' }}
              label={`Link valid until ${formatDate(user.token_expires_at, dateFormat)}`}
            />
          </Tooltip>
        ) : (
          <Button
            size="small"
            startIcon={<LinkIcon />}
            onClick={onGenerate}
            data-testid="generate-link"
          >
            Generate
          </Button>
        )}
      </Box>
      <IconAction
        title={user.is_blocked ? 'Blocked members get no link' : 'Copy secure link'}
        icon={ContentCopyIcon}
        onClick={onCopy}
        disabled={user.is_blocked}
        aria-label="Copy secure link"
        data-testid="copy-link"
      />
    </Stack>
  )
}
