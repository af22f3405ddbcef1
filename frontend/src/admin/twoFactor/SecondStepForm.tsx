import { useState, type FormEvent } from 'react'
import { useLogin } from 'react-admin'
import { Box, Button, Divider, Stack, Typography } from '@mui/material'
import KeyIcon from '@mui/icons-material/Key'
import { api } from '../../common/api'
import { LazyAlert as Alert } from '../../common/LazyAlert'
import { OutlinedTextField } from '../../common/OutlinedTextField'
import { adminPath } from '../paths'
import { useAttempt } from './useAttempt'

/**
 * Sign-in's second step, after a right password: a code from the
 * authenticator app or a recovery code, or a passkey.
 */
export function SecondStepForm({ methods }: { methods: { totp: boolean; passkey: boolean } }) {
  const login = useLogin()
  const [code, setCode] = useState('')
  const { error, setError, busy, attempt } = useAttempt()

  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim())
      return setError('Enter the code from your authenticator app or a recovery code')
    void attempt(() => login({ code: code.trim() }, adminPath('dashboard')))
  }

  const signInWithPasskey = () =>
    attempt(async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser')
      const { options } = await api.post('/api/admin/login/passkey/options')
      // @simplewebauthn/server's options, passed through: documented as an open object (remains untyped).
      const optionsJSON = options as unknown as Parameters<
        typeof startAuthentication
      >[0]['optionsJSON']
      const passkey = await startAuthentication({ optionsJSON }).catch(() => {
        throw new Error('The passkey was not used. Try again or enter a code.')
      })
      await login({ passkey }, adminPath('dashboard'))
    })

  return (
    <Stack spacing={2.5} data-testid="second-step">
      <Typography variant="h6" component="h2">
        Two-step verification
      </Typography>
      {methods.passkey ? (
        <Button
          variant="contained"
          size="large"
          startIcon={<KeyIcon />}
          onClick={() => void signInWithPasskey()}
          disabled={busy}
          data-testid="use-passkey"
        >
          Sign in with a passkey
        </Button>
      ) : null}
      {methods.passkey ? <Divider>or</Divider> : null}
      <Box component="form" noValidate onSubmit={submitCode}>
        <Stack spacing={2.5}>
          <OutlinedTextField
            label="Code from your authenticator app or a recovery code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            fullWidth
            autoFocus={!methods.passkey}
            autoComplete="one-time-code"
            slotProps={{
              htmlInput: {
                'data-testid': 'second-factor-code',
                'spellCheck': false,
                'autoCapitalize': 'characters',
              },
            }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button
            type="submit"
            variant={methods.passkey ? 'outlined' : 'contained'}
            size="large"
            disabled={busy}
            data-testid="second-factor-submit"
          >
            {busy ? 'Checking…' : 'Verify'}
          </Button>
        </Stack>
      </Box>
    </Stack>
  )
}
