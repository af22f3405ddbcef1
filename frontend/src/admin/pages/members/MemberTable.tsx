import { Chip, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material'
import ViewIcon from '@mui/icons-material/VisibilityOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import type { MemberRecord } from './types'

const STATUS_COLOR: Record<string, 'success' | 'default' | 'warning'> = { Active: 'success', Inactive: 'default', Pending: 'warning' }

export function MemberTable(props: { members: MemberRecord[]; onView: (m: MemberRecord) => void; onEdit: (m: MemberRecord) => void; onDelete: (m: MemberRecord) => void }) {
  return (
    <TableContainer>
      <Table size="small" data-testid="members-table">
        <TableHead>
          <TableRow>
            {['Member ID', 'Name', 'Role', 'Email', 'Product', 'Status', 'Migrations', 'Actions'].map((label) => (
              <TableCell key={label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} align={label === 'Actions' ? 'right' : 'left'}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.members.length === 0 ? (
            <TableRow>
              <TableCell colSpan={8} align="center" sx={{ py: 6 }}>
                <Typography color="text.secondary">No members found</Typography>
              </TableCell>
            </TableRow>
          ) : (
            props.members.map((member) => (
              <TableRow key={member.id} hover data-testid={`member-row-${member.member_id}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{member.member_id}</TableCell>
                <TableCell>{member.insured_full_name}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={member.insured_role} color={member.insured_role === 'Principal' ? 'primary' : 'default'} />
                </TableCell>
                <TableCell>{member.email ?? <Typography component="span" color="text.disabled">—</Typography>}</TableCell>
                <TableCell>{member.product_alias || member.product_name || '—'}</TableCell>
                <TableCell>
                  <Chip size="small" label={member.status} color={STATUS_COLOR[member.status] ?? 'default'} />
                </TableCell>
                <TableCell>{member.completed_migrations_count ?? 0}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="View">
                    <IconButton size="small" onClick={() => props.onView(member)} aria-label="View member">
                      <ViewIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Edit">
                    <IconButton size="small" onClick={() => props.onEdit(member)} aria-label="Edit member">
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton size="small" color="error" onClick={() => props.onDelete(member)} aria-label="Delete member">
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
