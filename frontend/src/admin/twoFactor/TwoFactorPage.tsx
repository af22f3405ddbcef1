import { useState, type FormEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLogout } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { Box, Button, Card, Stack, Typography } from '@mui/material'
import { api, errorMessage } from '../../common/api'
import { LazyAlert as Alert } from '../../common/LazyAlert'
import { OutlinedTextField } from '../../common/OutlinedTextField'
import { adminPath } from '../paths'

interface Status {
  required: boolean
  totp: boolean
  passkeys: { id: number; created_at: string; last_used_at: string | null }[]
  recovery_codes_left: number
}
interface TotpStart {
  secret: string
  qr_code: string
}

/**
 * /admin/two-factor (outside the layout): set up an authenticator app (QR
 * code or key, one code to confirm) or a passkey. The first factor's 10
 * recovery codes are shown here once. REQUIRE_ADMIN_2FA sends an
 * administrator without a factor here after the password.
 */
export default function TwoFactorPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const logout = useLogout()
  const status = useQuery({
    queryKey: ['two-factor'],
    queryFn: () => api.get<Status>('/admin/two-factor'),
  })
  const [totp, setTotp] = useState<TotpStart | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)

  const attempt = async (step: () => Promise<void>) => {
    setError(null)
    setBusy(true)
    try {
      await step()
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  const enrolled = async (answer: { recovery_codes: string[] }) => {
    setTotp(null)
    setRecoveryCodes(answer.recovery_codes.length > 0 ? answer.recovery_codes : null)
    await queryClient.invalidateQueries({ queryKey: ['two-factor'] })
  }

  const startTotp = () =>
    attempt(async () => setTotp(await api.post<TotpStart>('/admin/two-factor/totp')))
  const confirmTotp = (event: FormEvent) => {
    event.preventDefault()
    void attempt(async () =>
      enrolled(await api.post('/admin/two-factor/totp/confirm', { code: code.trim() }))
    )
  }
  const addPasskey = () =>
    attempt(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser')
      const { options } = await api.post<{
        options: Parameters<typeof startRegistration>[0]['optionsJSON']
      }>('/admin/two-factor/passkeys/options')
      const credential = await startRegistration({ optionsJSON: options }).catch(() => {
        throw new Error('No passkey was created. Try again or set up an authenticator app.')
      })
      await enrolled(await api.post('/admin/two-factor/passkeys', { credential }))
    })

  const data = status.data
  const hasFactor = Boolean(data && (data.totp || data.passkeys.length > 0))

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
      <Card sx={{ width: '100%', maxWidth: 560, p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={3}>
          <Typography variant="h5" component="h1">
            Two-factor sign-in
          </Typography>
          {status.isError ? <Alert severity="error">{errorMessage(status.error)}</Alert> : null}
          {data?.required && !hasFactor ? (
            <Alert severity="info">
              Two-factor sign-in is required for administrators. Set up an authenticator app or a
              passkey to continue.
            </Alert>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}

          {recoveryCodes ? (
            <Stack spacing={1.5} data-testid="recovery-codes">
              <Typography variant="h6" component="h2">
                Your recovery codes
              </Typography>
              <Alert severity="warning">
                Save these codes now: they are shown only this once. Each one signs you in once if
                you lose your phone or passkey.
              </Alert>
              <Box
                component="ul"
                sx={{ columns: 2, fontFamily: 'monospace', fontSize: '1.05rem', m: 0, pl: 3 }}
              >
                {recoveryCodes.map((recovery) => (
                  <li key={recovery}>{recovery}</li>
                ))}
              </Box>
            </Stack>
          ) : null}

          <Stack spacing={1.5} component="section" aria-labelledby="totp-heading">
            <Typography variant="h6" component="h2" id="totp-heading">
              Authenticator app
            </Typography>
            {data?.totp ? <Typography>An authenticator app is set up.</Typography> : null}
            {data && !data.totp && !totp ? (
              <Button
                variant="outlined"
                onClick={() => void startTotp()}
                disabled={busy}
                data-testid="totp-start"
              >
                Set up an authenticator app
              </Button>
            ) : null}
            {totp ? (
              <Stack spacing={2} data-testid="totp-enrolment">
                <Typography>
                  Scan this QR code with your authenticator app, then enter the 6-digit code it
                  shows.
                </Typography>
                <Box
                  component="img"
                  src={totp.qr_code}
                  alt="QR code to scan with your authenticator app"
                  sx={{ width: 200, height: 200, alignSelf: 'center' }}
                />
                <Typography>
                  Cannot scan it? Enter this key in the app:{' '}
                  <Box
                    component="code"
                    data-testid="totp-secret"
                    sx={{ wordBreak: 'break-all', fontSize: '1rem' }}
                  >
                    {totp.secret}
                  </Box>
                </Typography>
                <Box component="form" noValidate onSubmit={confirmTotp}>
                  <Stack spacing={2}>
                    <OutlinedTextField
                      label="6-digit code from the app"
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      required
                      fullWidth
                      autoComplete="one-time-code"
                      slotProps={{
                        htmlInput: { 'data-testid': 'totp-code', 'inputMode': 'numeric' },
                      }}
                    />
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={busy}
                      data-testid="totp-confirm"
                    >
                      Confirm
                    </Button>
                  </Stack>
                </Box>
              </Stack>
            ) : null}
          </Stack>

          <Stack spacing={1.5} component="section" aria-labelledby="passkey-heading">
            <Typography variant="h6" component="h2" id="passkey-heading">
              Passkeys
            </Typography>
            {data ? (
              <Typography>
                {data.passkeys.length === 0
                  ? 'No passkey yet.'
                  : `${data.passkeys.length} passkey${data.passkeys.length === 1 ? '' : 's'} registered.`}
              </Typography>
            ) : null}
            <Button
              variant="outlined"
              onClick={() => void addPasskey()}
              disabled={busy || !data}
              data-testid="passkey-add"
            >
              Add a passkey
            </Button>
          </Stack>

          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button onClick={() => void logout()}>Sign out</Button>
            <Button
              variant="contained"
              disabled={!hasFactor && Boolean(data?.required)}
              onClick={() => navigate(adminPath('dashboard'))}
              data-testid="two-factor-continue"
            >
              Continue to the dashboard
            </Button>
          </Stack>
        </Stack>
      </Card>
    </Box>
  )
}
