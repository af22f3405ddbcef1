import { Stack } from '@mui/material'
import ViewIcon from '@mui/icons-material/VisibilityOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import BlockIcon from '@mui/icons-material/Block'
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined'
import { IconAction } from '../../components/IconAction'
import type { MemberRecord } from './types'

/** A member row's buttons: View, Edit, Block or Unblock (principals only) and Delete. */
export function MemberActions({
  member,
  onView,
  onEdit,
  onBlock,
  onDelete,
}: {
  member: MemberRecord
  onView: (member: MemberRecord) => void
  onEdit: (member: MemberRecord) => void
  onBlock: (member: MemberRecord) => void
  onDelete: (member: MemberRecord) => void
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <IconAction
        title="View"
        icon={ViewIcon}
        onClick={() => onView(member)}
        aria-label="View member"
      />
      <IconAction
        title="Edit"
        icon={EditIcon}
        onClick={() => onEdit(member)}
        aria-label="Edit member"
      />
      {member.insured_role === 'Principal' ? (
        <IconAction
          title={member.is_blocked ? 'Unblock' : 'Block'}
          icon={member.is_blocked ? LockOpenIcon : BlockIcon}
          onClick={() => onBlock(member)}
          aria-label={member.is_blocked ? 'Unblock member' : 'Block member'}
          data-testid="member-block-toggle"
        />
      ) : null}
      <IconAction
        title="Delete"
        icon={DeleteIcon}
        color="error"
        onClick={() => onDelete(member)}
        aria-label="Delete member"
      />
    </Stack>
  )
}
