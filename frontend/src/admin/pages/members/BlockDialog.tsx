import { TextInput } from 'react-admin'
import { DialogContentText } from '@mui/material'
import { FormDialog } from '../../components/FormDialog'
import { useAdminTools } from '../../components/useAdminTools'
import type { MemberRecord } from './types'

type BlockAction = 'block' | 'unblock'
type BlockTarget = Pick<
  MemberRecord,
  'id' | 'is_blocked' | 'insured_full_name' | 'member_id' | 'block_reason'
>

/**
 * Block (with an optional reason) or unblock a principal; a blocked member cannot migrate. Saved,
 * the page reloads. Members blocks the principal; the migration detail passes `send` (its
 * migration's block call) and opens it for blocking only.
 */
export function BlockDialog(props: {
  member: BlockTarget | null
  onClose: () => void
  send?: (action: BlockAction, reason?: string) => Promise<unknown>
}) {
  const { dataProvider, toast, refresh } = useAdminTools()
  const member = props.member
  const blocking = member ? !member.is_blocked : true
  const label = blocking ? 'Block Member' : 'Unblock Member'
  const save = async (values: { reason?: string | null }) => {
    const action = blocking ? 'block' : 'unblock'
    const reason = values.reason?.trim() || undefined
    await (props.send
      ? props.send(action, reason)
      : dataProvider.blockPrincipal(member!.id, action, reason))
    toast.success(blocking ? 'Successfully blocked member' : 'Successfully unblocked member')
    props.onClose()
    refresh()
  }
  return (
    <FormDialog
      open={member !== null}
      title={label}
      submitLabel={label}
      testId="block-dialog"
      submitTestId="block-confirm"
      onSave={save}
      onClose={props.onClose}
    >
      <DialogContentText>
        {member
          ? blocking
            ? `${member.insured_full_name} (${member.member_id}) will not be able to migrate until unblocked.`
            : `Lift the block on ${member.insured_full_name} (${member.member_id})${member.block_reason ? ` (reason: ${member.block_reason})` : ''}?`
          : ''}
      </DialogContentText>
      {blocking ? (
        <TextInput
          source="reason"
          label="Reason"
          fullWidth
          multiline
          minRows={2}
          helperText={false}
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { 'maxLength': 500, 'data-testid': 'block-reason' } }}
        />
      ) : null}
    </FormDialog>
  )
}
