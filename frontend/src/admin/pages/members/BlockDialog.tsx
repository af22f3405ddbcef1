import { TextInput } from 'react-admin'
import { DialogContentText } from '@mui/material'
import { FormDialog } from '../../components/FormDialog'
import type { MemberRecord } from './types'

/** Block (with an optional reason) or unblock a principal; a blocked member cannot migrate. */
export function BlockDialog(props: { member: MemberRecord | null; onSave: (reason: string) => Promise<void>; onClose: () => void }) {
  const member = props.member
  const blocking = member ? !member.is_blocked : true
  const label = blocking ? 'Block Member' : 'Unblock Member'
  return (
    <FormDialog open={member !== null} title={label} submitLabel={label} testId="block-dialog" submitTestId="block-confirm" onSave={(values: { reason?: string }) => props.onSave((values.reason ?? '').trim())} onClose={props.onClose}>
      <DialogContentText>
        {member ? (blocking ? `${member.insured_full_name} (${member.member_id}) will not be able to migrate until unblocked.` : `Lift the block on ${member.insured_full_name} (${member.member_id})${member.block_reason ? ` (reason: ${member.block_reason})` : ''}?`) : ''}
      </DialogContentText>
      {blocking ? <TextInput source="reason" label="Reason" fullWidth multiline minRows={2} helperText={false} sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'block-reason' } }} /> : null}
    </FormDialog>
  )
}
