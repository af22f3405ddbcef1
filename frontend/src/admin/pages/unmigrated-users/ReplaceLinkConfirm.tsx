import { Confirm } from 'react-admin'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import type { UnmigratedUser } from './types'

/** Copying a link issued before this session replaces it (only hashes are stored): asked first. */
export function ReplaceLinkConfirm({
  user,
  onCopy,
  onClose,
}: {
  user: UnmigratedUser | null
  onCopy: (user: UnmigratedUser) => void
  onClose: () => void
}) {
  const { dateFormat } = useFormatting()
  return (
    <Confirm
      isOpen={user !== null}
      title="Replace the secure link?"
      content={
        user
          ? `This replaces the link sent on ${formatDate(user.token_issued_at, dateFormat)}: only its hash is stored, so copying creates a new link and the earlier one stops working, also in an email already sent to ${user.insured_full_name}.`
          : ''
      }
      confirm="Copy new link"
      onConfirm={() => {
        onClose()
        onCopy(user!)
      }}
      onClose={onClose}
    />
  )
}
