import { useState, type FormEvent } from 'react'
import { Box, Button, Stack, Typography } from '@mui/material'
import { OutlinedTextField } from '../../common/OutlinedTextField'
import type { TotpStart } from './useTwoFactorEnrolment'

/** A started authenticator app: its QR code and key, and the form for the code that confirms it. */
export function TotpEnrolment(props: {
  totp: TotpStart
  busy: boolean
  onConfirm: (code: string) => void
}) {
  const [code, setCode] = useState('')
  const confirm = (event: FormEvent) => {
    event.preventDefault()
    props.onConfirm(code)
  }
  return (
    <Stack spacing={2} data-testid="totp-enrolment">
      <Typography>
        Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
      </Typography>
      <Box
        component="img"
        src={props.totp.qr_code}
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
          {props.totp.secret}
        </Box>
      </Typography>
      <Box component="form" noValidate onSubmit={confirm}>
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
            disabled={props.busy}
            data-testid="totp-confirm"
          >
            Confirm
          </Button>
        </Stack>
      </Box>
    </Stack>
  )
}
