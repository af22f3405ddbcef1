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
import { useShopText } from '../i18n/useShopText'
import type { MessageKey } from '../i18n/messages'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Lets the member give a personal email; it becomes the address in use. */
interface Props {
  open: boolean
  current: string | null
  onClose: () => void
  onSaved: (details: MemberDetails) => void
  title?: MessageKey
  intro?: MessageKey
  saveLabel?: MessageKey
}

export function EmailDialog({
  open,
  current,
  onClose,
  onSaved,
  title = 'email.title',
  intro = 'email.intro',
  saveLabel = 'email.save',
}: Props) {
  const toast = useToast()
  const { t } = useShopText()
  const [value, setValue] = useState(current ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const save = async () => {
    const email = value.trim()
    if (!email || !EMAIL_PATTERN.test(email)) {
      setError(t('email.invalid'))
      toast.error(t('email.invalid'))
      return
    }
    setBusy(true)
    try {
      const details = await shopApi.updateEmail(email)
      toast.success(t('email.updated'))
      onSaved(details)
      onClose()
    } catch (failure) {
      // An ended session (a 401, or the CSRF refusal its expiry causes) is the page guard's: it
      // shows the session-expired message, never "Invalid or missing CSRF token".
      if (isSessionEnd(failure)) return onClose()
      toast.error(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t(title)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(intro)}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={t('email.label')}
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
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy} data-testid="email-save">
          {t(busy ? 'common.saving' : saveLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
