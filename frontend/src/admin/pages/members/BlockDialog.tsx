import { useEffect, useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material'
import type { MemberRecord } from './types'

/** Block (with an optional reason) or unblock a principal; a blocked member cannot migrate. */
export function BlockDialog(props: { member: MemberRecord | null; busy: boolean; onConfirm: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('')
  useEffect(() => setReason(''), [props.member])
  const member = props.member
  const blocking = member ? !member.is_blocked : true
  return (
    <Dialog open={member !== null} onClose={props.onClose} maxWidth="xs" fullWidth data-testid="block-dialog">
      <DialogTitle>{blocking ? 'Block Member' : 'Unblock Member'}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {member ? (blocking ? `${member.insured_full_name} (${member.member_id}) will not be able to migrate until unblocked.` : `Lift the block on ${member.insured_full_name} (${member.member_id})${member.block_reason ? ` (reason: ${member.block_reason})` : ''}?`) : ''}
        </DialogContentText>
        {blocking ? <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} fullWidth multiline minRows={2} sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'block-reason' } }} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" color={blocking ? 'error' : 'primary'} disabled={props.busy} onClick={() => props.onConfirm(reason.trim())} data-testid="block-confirm">
          {blocking ? 'Block Member' : 'Unblock Member'}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
