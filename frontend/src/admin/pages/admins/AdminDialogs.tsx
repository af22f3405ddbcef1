import { useEffect, useState, type ReactNode } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'

export interface AdminAccount {
  id: number
  username: string
  email: string
  created_at: string | null
}

/** Frame shared by the admin dialogs: title, an error line, fields, Cancel and a submit button. */
function FormDialog(props: { open: boolean; title: string; submitLabel: string; error: string | null; saving: boolean; onClose: () => void; onSubmit: () => void; children: ReactNode; testId: string }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth data-testid={props.testId}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.error ? <Alert severity="error" data-testid={`${props.testId}-error`}>{props.error}</Alert> : null}
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={props.onSubmit} disabled={props.saving} data-testid={`${props.testId}-submit`}>
          {props.saving ? 'Saving...' : props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** Runs a save: client checks first (the spec's messages), then the server, whose error is shown as is. */
function useSubmit(open: boolean) {
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (open) setError(null)
  }, [open])
  const submit = async (check: () => string | null, save: () => Promise<void>) => {
    const problem = check()
    if (problem) return setError(problem)
    setError(null)
    setSaving(true)
    try {
      await save()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'An error occurred')
    } finally {
      setSaving(false)
    }
  }
  return { error, saving, submit }
}

const field = (label: string, value: string, onChange: (v: string) => void, testId: string, type = 'text') => (
  <TextField label={label} type={type} value={value} onChange={(e) => onChange(e.target.value)} fullWidth size="small" slotProps={{ htmlInput: { 'data-testid': testId } }} />
)

/** Create (username, email, password) or edit (username, email). */
export function AdminFormDialog(props: { open: boolean; admin: AdminAccount | null; onClose: () => void; onSave: (body: Record<string, string>) => Promise<void> }) {
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { error, saving, submit } = useSubmit(props.open)
  useEffect(() => {
    if (!props.open) return
    setUsername(props.admin?.username ?? '')
    setEmail(props.admin?.email ?? '')
    setPassword('')
  }, [props.open, props.admin])

  const creating = props.admin === null
  const check = () => {
    if (creating) {
      if (!username.trim() || !email.trim() || !password) return 'Please fill in all fields'
      if (password.length < 6) return 'Password must be at least 6 characters'
    } else if (!username.trim() || !email.trim()) return 'Username and email are required'
    return null
  }
  const body = (): Record<string, string> => (creating ? { username: username.trim(), email: email.trim(), password } : { username: username.trim(), email: email.trim() })
  return (
    <FormDialog open={props.open} title={creating ? 'Create Admin' : 'Edit Admin'} submitLabel={creating ? 'Create Admin' : 'Update Admin'} error={error} saving={saving} onClose={props.onClose} onSubmit={() => submit(check, () => props.onSave(body()))} testId="admin-form">
      {field('Username', username, setUsername, 'admin-form-username')}
      {field('Email', email, setEmail, 'admin-form-email', 'email')}
      {creating ? field('Password', password, setPassword, 'admin-form-password', 'password') : null}
    </FormDialog>
  )
}

export function ChangePasswordDialog(props: { admin: AdminAccount | null; onClose: () => void; onSave: (newPassword: string) => Promise<void> }) {
  const open = props.admin !== null
  const [next, setNext] = useState('')
  const [repeat, setRepeat] = useState('')
  const { error, saving, submit } = useSubmit(open)
  useEffect(() => {
    setNext('')
    setRepeat('')
  }, [open])
  const check = () => {
    if (!next || !repeat) return 'Please fill in all password fields'
    if (next !== repeat) return 'New passwords do not match'
    if (next.length < 6) return 'New password must be at least 6 characters'
    return null
  }
  return (
    <FormDialog open={open} title={`Change Password${props.admin ? ` — ${props.admin.username}` : ''}`} submitLabel="Change Password" error={error} saving={saving} onClose={props.onClose} onSubmit={() => submit(check, () => props.onSave(next))} testId="password-form">
      {field('New Password', next, setNext, 'password-new', 'password')}
      {field('Confirm New Password', repeat, setRepeat, 'password-repeat', 'password')}
    </FormDialog>
  )
}
