import { Box, Stack, Typography } from '@mui/material'
import { LazyAlert as Alert } from '../../common/LazyAlert'

/** The first factor's recovery codes, shown this once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Stack spacing={1.5} data-testid="recovery-codes">
      <Typography variant="h6" component="h2">
        Your recovery codes
      </Typography>
      <Alert severity="warning">
        Save these codes now: they are shown only this once. Each one signs you in once if you lose
        your phone or passkey.
      </Alert>
      <Box
        component="ul"
        sx={{ columns: 2, fontFamily: 'monospace', fontSize: '1.05rem', m: 0, pl: 3 }}
      >
        {codes.map((recovery) => (
          <li key={recovery}>{recovery}</li>
        ))}
      </Box>
    </Stack>
  )
}
