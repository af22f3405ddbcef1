import { useLogout } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { Box, Button, Card, Stack, Typography } from '@mui/material'
import { errorMessage } from '../../common/api'
import { LazyAlert as Alert } from '../../common/LazyAlert'
import { adminPath } from '../paths'
import { RecoveryCodes } from './RecoveryCodes'
import { TotpEnrolment } from './TotpEnrolment'
import { useTwoFactorEnrolment } from './useTwoFactorEnrolment'

const PAGE = {
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  bgcolor: 'background.default',
  p: 2,
}

/**
 * /admin/two-factor (outside the layout): set up an authenticator app (QR
 * code or key, one code to confirm) or a passkey. The first factor's 10
 * recovery codes are shown here once. REQUIRE_ADMIN_2FA sends an
 * administrator without a factor here after the password.
 */
export default function TwoFactorPage() {
  const navigate = useNavigate()
  const logout = useLogout()
  const { status, totp, error, busy, recoveryCodes, ...steps } = useTwoFactorEnrolment()
  const data = status.data
  const hasFactor = Boolean(data && (data.totp || data.passkeys.length > 0))
  const passkeys = data?.passkeys.length ?? 0

  return (
    <Box component="main" sx={PAGE}>
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
          {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}

          <Stack spacing={1.5} component="section" aria-labelledby="totp-heading">
            <Typography variant="h6" component="h2" id="totp-heading">
              Authenticator app
            </Typography>
            {data?.totp ? <Typography>An authenticator app is set up.</Typography> : null}
            {data && !data.totp && !totp ? (
              <Button
                variant="outlined"
                onClick={() => void steps.startTotp()}
                disabled={busy}
                data-testid="totp-start"
              >
                Set up an authenticator app
              </Button>
            ) : null}
            {totp ? (
              <TotpEnrolment
                totp={totp}
                busy={busy}
                onConfirm={(code) => void steps.confirmTotp(code)}
              />
            ) : null}
          </Stack>

          <Stack spacing={1.5} component="section" aria-labelledby="passkey-heading">
            <Typography variant="h6" component="h2" id="passkey-heading">
              Passkeys
            </Typography>
            {data ? (
              <Typography>
                {passkeys === 0
                  ? 'No passkey yet.'
                  : `${passkeys} passkey${passkeys === 1 ? '' : 's'} registered.`}
              </Typography>
            ) : null}
            <Button
              variant="outlined"
              onClick={() => void steps.addPasskey()}
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
