import { TextInput } from 'react-admin'
import { DialogContentText } from '@mui/material'
import { FormDialog } from '../../components/FormDialog'
import { useAdminTools } from '../../components/useAdminTools'
import type { MemberRecord } from './types'

/** Block (with an optional reason) or unblock a principal; a blocked member cannot migrate. Saved, the list reloads. */
export function BlockDialog(props: { member: MemberRecord | null; onClose: () => void }) {
  const { dataProvider, toast, refresh } = useAdminTools()
  const member = props.member
  const blocking = member ? !member.is_blocked : true
  const label = blocking ? 'Block Member' : 'Unblock Member'
  const save = async (values: { reason?: string | null }) => {
    await dataProvider.blockPrincipal(
      member!.id,
      blocking ? 'block' : 'unblock',
      values.reason?.trim() || undefined
    )
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
