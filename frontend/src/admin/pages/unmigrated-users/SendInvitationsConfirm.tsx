import { useMutation } from '@tanstack/react-query'
import { Confirm, useListContext } from 'react-admin'
import { useAdminTools } from '../../components/useAdminTools'
import { plural } from './linkTexts'

/**
 * Send Invitations' question for the selected members; Yes sends them, toasts what was sent, failed
 * and skipped, clears the selection and reloads the list.
 */
export function SendInvitationsConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast, sessionEnded, dataProvider, refresh } = useAdminTools()
  const { selectedIds, onUnselectItems } = useListContext()
  const { mutate: send, isPending: sending } = useMutation({
    mutationFn: () => dataProvider.sendInvitations([...selectedIds]),
    onSuccess: (answer) => {
      if (answer.sent > 0) toast.success(`Successfully sent ${answer.sent} emails!`)
      if (answer.failed > 0) {
        console.error('Invitation failures', answer.errors)
        toast.error(`Failed to send ${answer.failed} emails. Check console for details.`)
      }
      if (answer.blocked > 0)
        toast.info(
          plural(answer.blocked, '1 blocked member was skipped', '{n} blocked members were skipped')
        )
      if (answer.skipped > 0)
        toast.info(
          plural(
            answer.skipped,
            '1 member without an email address was skipped',
            '{n} members without an email address were skipped'
          )
        )
      onUnselectItems()
      refresh()
    },
    onError: async (failure) => {
      if (!(await sessionEnded(failure))) toast.error('Failed to send emails')
    },
    onSettled: onClose,
  })
  return (
    <Confirm
      isOpen={open}
      title="Send migration invitations"
      content={`Send a migration invitation with a new secure login link to ${selectedIds.length} selected member${selectedIds.length === 1 ? '' : 's'}? Their earlier links stop working. Members without an email address are skipped.`}
      confirm={sending ? 'Sending...' : 'Send Invitations'}
      loading={sending}
      onConfirm={() => send()}
      onClose={onClose}
    />
  )
}
