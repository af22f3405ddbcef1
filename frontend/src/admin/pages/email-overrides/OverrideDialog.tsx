import { useState } from 'react'
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Typography } from '@mui/material'
import CloseIcon from '@mui/icons-material/Close'
import { MemberSearch } from './MemberSearch'
import type { EmailOverride, MemberMatch } from './types'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export interface OverrideForm {
  member_id: string
  override_email: string
  notes: string
}

/** Add or edit an override. Create mode needs a chosen member; edit mode shows the member read-only. */
export function OverrideDialog(props: { open: boolean; editing: EmailOverride | null; saving: boolean; onSubmit: (form: OverrideForm) => void; onClose: () => void }) {
  const { editing } = props
  const [member, setMember] = useState<MemberMatch | null>(null)
  const [email, setEmail] = useState(editing?.override_email ?? '')
  const [notes, setNotes] = useState(editing?.notes ?? '')
  const [error, setError] = useState<string | null>(null)

  const submit = () => {
    if (!editing && !member) return setError('Please select a member')
    if (!email.trim()) return setError('Please enter an override email')
    if (!EMAIL.test(email.trim())) return setError('Please enter a valid email address')
    setError(null)
    props.onSubmit({ member_id: editing?.member_id ?? member!.member_id, override_email: email.trim(), notes: notes.trim() })
  }

  const shown = editing ? { name: editing.insured_full_name, id: editing.member_id, email: editing.original_email } : member ? { name: member.insured_full_name, id: member.member_id, email: member.email } : null

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth data-testid="override-dialog">
      <DialogTitle>{editing ? 'Edit Email Override' : 'Add Email Override'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {shown ? (
            <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', display: 'flex', alignItems: 'center' }} data-testid="override-member">
              <Box sx={{ flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{shown.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {shown.id} · {shown.email ?? 'No email on file'}
                </Typography>
              </Box>
              {!editing ? (
                <IconButton aria-label="Choose another member" onClick={() => setMember(null)}>
                  <CloseIcon />
                </IconButton>
              ) : null}
            </Box>
          ) : (
            <MemberSearch onSelect={setMember} />
          )}
          <TextField label="Override Email Address" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} fullWidth slotProps={{ htmlInput: { 'data-testid': 'override-email' } }} />
          <TextField label="Notes (optional)" value={notes} onChange={(e) => setNotes(e.target.value)} fullWidth multiline minRows={2} />
          <Alert severity="warning">This override takes priority over the global EMAIL_OVERRIDE_RECIPIENT setting: every email to this member goes to the override address.</Alert>
          {error ? (
            <Alert severity="error" data-testid="override-error">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={props.saving} data-testid="override-submit">
          {props.saving ? 'Saving...' : editing ? 'Update Override' : 'Create Override'}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
