import { DeleteConfirm } from '../../components/DeleteConfirm'
import type { MemberRecord } from './types'

/** The spec's delete question for a member (open while `member` is set). */
export function MemberDeleteConfirm({
  member,
  onClose,
}: {
  member: MemberRecord | null
  onClose: () => void
}) {
  return (
    <DeleteConfirm
      record={member}
      title="Confirm Delete"
      content={
        member
          ? `Delete ${member.insured_full_name} (${member.member_id})? This action cannot be undone.`
          : ''
      }
      success="Member deleted successfully"
      onClose={onClose}
    />
  )
}
