import { Chip, Stack, Tooltip, Typography } from '@mui/material'
import type { MemberRecord } from './types'

const STATUS_COLOR: Record<string, 'success' | 'default' | 'warning'> = {
  Active: 'success',
  Inactive: 'default',
  Pending: 'warning',
}

/** The member's name, with a Blocked chip (its reason in the tooltip). */
export const memberNameCell = (member: MemberRecord) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
    <span>{member.insured_full_name}</span>
    {member.is_blocked ? (
      <Tooltip
        title={member.block_reason ? `Blocked: ${member.block_reason}` : 'Blocked from migrating'}
      >
        <Chip
          size="small"
          color="error"
          variant="outlined"
          sx={{ color: 'error.dark' }}
          label="Blocked"
          data-testid="member-blocked"
        />
      </Tooltip>
    ) : null}
  </Stack>
)

/** The member's role as a chip; principals stand out. */
export const memberRoleCell = (member: MemberRecord) => (
  <Chip
    size="small"
    variant="outlined"
    label={member.insured_role}
    color={member.insured_role === 'Principal' ? 'primary' : 'default'}
  />
)

/** The member's email, or a muted dash. */
export const memberEmailCell = (member: MemberRecord) =>
  member.email ?? (
    <Typography component="span" color="text.secondary">
      —
    </Typography>
  )

/** The member's status as a chip coloured by status. */
export const memberStatusCell = (member: MemberRecord) => {
  const colour = STATUS_COLOR[member.status] ?? 'default'
  // Outlined with the dark shade: white text on a brand's green is too faint (axe contrast).
  return (
    <Chip
      size="small"
      variant="outlined"
      label={member.status}
      color={colour}
      sx={colour === 'default' ? undefined : { color: `${colour}.dark` }}
    />
  )
}
