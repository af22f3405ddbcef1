import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { shopApi, type MemberDetails } from '../shopApi'
import { isSessionEnd } from '../memberSession'

export const INVALID_EMAIL = 'Please enter a valid email address'
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Lets the member give a personal email; it becomes the address in use. */
interface Props {
  open: boolean
  current: string | null
  onClose: () => void
  onSaved: (details: MemberDetails) => void
  title?: string
  intro?: string
  saveLabel?: string
}

const INTRO =
  'We send your confirmation and policy documents to this address. A personal address keeps reaching you if you change employer.'

export function EmailDialog({
  open,
  current,
  onClose,
  onSaved,
  title = 'Update your email',
  intro = INTRO,
  saveLabel = 'Save email',
}: Props) {
  const toast = useToast()
  const [value, setValue] = useState(current ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const save = async () => {
    const email = value.trim()
    if (!email || !EMAIL_PATTERN.test(email)) {
      setError(INVALID_EMAIL)
      toast.error(INVALID_EMAIL)
      return
    }
    setBusy(true)
    try {
      const details = await shopApi.updateEmail(email)
      toast.success('Email updated successfully')
      onSaved(details)
      onClose()
    } catch (failure) {
      // An ended session (a 401, or the CSRF refusal its expiry causes) is the page guard's: it
      // shows the session-expired message, never "Invalid or missing CSRF token" (issue 27 §16).
      if (isSessionEnd(failure)) return onClose()
      toast.error(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label="Personal email"
          type="email"
          value={value}
          error={Boolean(error)}
          helperText={error ?? ' '}
          onChange={(event) => {
            setValue(event.target.value)
            setError(null)
          }}
          onKeyDown={(event) => event.key === 'Enter' && save()}
          slotProps={{ htmlInput: { 'data-testid': 'email-input', 'maxLength': 254 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={busy} data-testid="email-save">
          {busy ? 'Saving…' : saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
