import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react'
import { useLogin } from 'react-admin'
import { Box, Button, Card, Stack, Typography } from '@mui/material'
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined'
import { useBranding } from '../common/branding'
import { errorMessage } from '../common/api'
import { useToast } from '../common/toast'
import { LazyAlert as Alert } from '../common/LazyAlert'
import { OutlinedTextField } from '../common/OutlinedTextField'
import { submittedBeforeStart, typedBeforeStart } from '../common/typedBeforeStart'
import { preloadLayout } from './shell'
import { adminPath } from './paths'
import { SecondFactorRequired } from './authProvider'

/**
 * The second step (code or passkey) is downloaded only for an account that has a second factor:
 * asked for while the server checks the password, drawn once the server has asked for it.
 */
const loadSecondStep = () => import('./twoFactor/SecondStepForm')
const SecondStepForm = lazy(() =>
  loadSecondStep().then((module) => ({ default: module.SecondStepForm }))
)

/** The CLI's enrolment link (`admins create --enrolment-link`): /admin/login?enrolment=<token>. */
const enrolmentToken = () =>
  typeof window === 'undefined'
    ? undefined
    : (new URLSearchParams(window.location.search).get('enrolment') ?? undefined)

/** /admin/login: username and password, both required. */
export function AdminLoginPage() {
  const login = useLogin()
  const toast = useToast()
  const { branding } = useBranding()
  const [username, setUsername] = useState(() => typedBeforeStart('admin-username') ?? '')
  const [password, setPassword] = useState(() => typedBeforeStart('admin-password') ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Set once the password was right for an account with a second factor: the second step is shown.
  const [methods, setMethods] = useState<SecondFactorRequired['methods'] | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // Sign in was pressed on the server's form before the app took over: carried out now, once.
  const [submitPending] = useState(submittedBeforeStart)
  const submitted = useRef(false)
  useEffect(() => {
    if (!submitPending || submitted.current) return
    submitted.current = true
    form.current?.requestSubmit()
  }, [submitPending])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!username.trim() || !password) {
      setError('Username and password are required')
      return
    }
    setError(null)
    setBusy(true)
    preloadLayout() // the screen after this one, fetched while the server checks the password
    void loadSecondStep().catch(() => undefined) // or the second step, if the account has one
    try {
      await login(
        { username: username.trim(), password, enrolmentToken: enrolmentToken() },
        adminPath('dashboard')
      )
    } catch (failure) {
      if (failure instanceof SecondFactorRequired) {
        setMethods(failure.methods)
        return
      }
      // Server errors are toasts everywhere (admin-backoffice.md §8); the form keeps the text too.
      const message = errorMessage(failure)
      setError(message)
      toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420, p: 4, pb: 3 }}>
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <AdminPanelSettingsOutlinedIcon color="primary" sx={{ fontSize: 44 }} />
          <Typography variant="h5" component="h1">
            Admin Portal
          </Typography>
          <Typography color="text.secondary">{branding.brandName}</Typography>
        </Stack>
        {methods ? (
          <Suspense fallback={null}>
            <SecondStepForm methods={methods} />
          </Suspense>
        ) : null}
        <Box component="form" ref={form} noValidate onSubmit={submit} hidden={methods !== null}>
          <Stack spacing={2.5}>
            <OutlinedTextField
              label="Username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
              fullWidth
              autoFocus
              autoComplete="username"
              slotProps={{ htmlInput: { 'data-testid': 'admin-username' } }}
            />
            <OutlinedTextField
              label="Password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              fullWidth
              autoComplete="current-password"
              slotProps={{ htmlInput: { 'data-testid': 'admin-password' } }}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              data-testid="admin-login-button"
            >
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </Stack>
        </Box>
      </Card>
    </Box>
  )
}
