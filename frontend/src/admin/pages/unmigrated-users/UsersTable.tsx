import { useEffect, useState } from 'react'
import { Box, Button, Checkbox, Chip, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Tooltip, Typography } from '@mui/material'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import LinkIcon from '@mui/icons-material/Link'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { EmailText } from '../../components/EmailText'
import type { IssuedLink, UnmigratedUser } from './types'

interface Props {
  users: UnmigratedUser[]
  selected: Set<number>
  links: Map<number, IssuedLink>
  onToggle: (id: number) => void
  onToggleAll: () => void
  onGenerate: (id: number) => void
  onCopy: (id: number) => void
}

/** The token column: a fresh link (copy), a valid one from before (copy makes a new one), or none. */
function LinkCell({ user, link, onGenerate, onCopy }: { user: UnmigratedUser; link?: IssuedLink; onGenerate: () => void; onCopy: () => void }) {
  const { dateFormat } = useFormatting()
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {/* A fixed width keeps the copy buttons in one column whatever the row shows. */}
      <Box sx={{ width: 190, flexShrink: 0 }}>
        {user.is_blocked ? (
          <Tooltip title="Blocked from migrating: no link is issued until the block is lifted in Members">
            <Chip size="small" variant="outlined" color="error" sx={{ color: 'error.dark' }} label="Blocked" data-testid="unmigrated-blocked" />
          </Tooltip>
        ) : link ? (
          <Typography variant="body2" sx={{ fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={link.secureLink} data-testid="secure-link">
            {link.secureLink}
          </Typography>
        ) : user.has_valid_token ? (
          <Tooltip title="Only a hash is stored: copying creates a new link and revokes this one">
            <Chip size="small" variant="outlined" color="success" label={`Link valid until ${formatDate(user.token_expires_at, dateFormat)}`} />
          </Tooltip>
        ) : (
          <Button size="small" startIcon={<LinkIcon />} onClick={onGenerate} data-testid="generate-link">
            Generate
          </Button>
        )}
      </Box>
      <Tooltip title={user.is_blocked ? 'Blocked members get no link' : 'Copy secure link'}>
        <span>
          <IconButton size="small" onClick={onCopy} disabled={user.is_blocked} aria-label="Copy secure link" data-testid="copy-link">
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  )
}

/**
 * Rows drawn at a time. The list holds up to 10,000 members (all of them are
 * selectable and exported); drawing every row with its controls took 15 s or
 * more in the browser (docs/benchmarks.md), a page of them is instant.
 */
const ROWS_PER_PAGE = 100

export function UsersTable(props: Props) {
  const { dateFormat } = useFormatting()
  const [page, setPage] = useState(0)
  useEffect(() => setPage(0), [props.users])
  const visible = props.users.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE)
  const allSelected = props.users.length > 0 && props.users.every((user) => props.selected.has(user.id))
  if (props.users.length === 0) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">No unmigrated users found</Typography>
      </Box>
    )
  }
  return (
    <>
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table size="small" stickyHeader sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={!allSelected && props.selected.size > 0}
                  onChange={props.onToggleAll}
                  slotProps={{ input: { 'aria-label': 'Select all' } }}
                  data-testid="select-all"
                />
              </TableCell>
              <TableCell>Member ID</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Date of Birth</TableCell>
              <TableCell>Product / Plan</TableCell>
              <TableCell>Policy End</TableCell>
              <TableCell>Secure Link</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((user) => (
              <TableRow key={user.id} hover selected={props.selected.has(user.id)} data-testid="unmigrated-row" data-member-id={user.member_id}>
                <TableCell padding="checkbox">
                  <Checkbox checked={props.selected.has(user.id)} onChange={() => props.onToggle(user.id)} slotProps={{ input: { 'aria-label': `Select ${user.insured_full_name}` } }} data-testid="select-user" />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{user.member_id}</TableCell>
                <TableCell sx={{ fontWeight: 600, minWidth: 140, maxWidth: 240, overflowWrap: 'anywhere' }}>{user.insured_full_name}</TableCell>
                <TableCell sx={{ minWidth: 150, maxWidth: 240, overflowWrap: 'anywhere' }}>
                  {user.email ? (
                    <EmailText email={user.email} />
                  ) : (
                    <Typography variant="body2" color="text.disabled" sx={{ whiteSpace: 'nowrap' }}>
                      No email
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.date_of_birth, dateFormat)}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {user.product_name || 'N/A'}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {user.plan_name}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.policy_end_date, dateFormat)}</TableCell>
                <TableCell>
                  <LinkCell user={user} link={props.links.get(user.id)} onGenerate={() => props.onGenerate(user.id)} onCopy={() => props.onCopy(user.id)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {props.users.length > ROWS_PER_PAGE ? (
        <TablePagination
          component="div"
          count={props.users.length}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={ROWS_PER_PAGE}
          rowsPerPageOptions={[ROWS_PER_PAGE]}
          data-testid="unmigrated-pagination"
        />
      ) : null}
    </>
  )
}
