import { Box, Card, Typography } from '@mui/material'

/** The card above the list: which address receives a member's emails, in order. */
export function RecipientOrder() {
  return (
    <Card sx={{ mb: 3, bgcolor: 'action.hover', p: 2, pb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Which address receives a member's emails?
      </Typography>
      <Box component="ol" sx={{ 'm': 0, 'pl': 3, '& li': { mb: 0.5 } }}>
        <li>
          <strong>Member-specific override</strong> (this page) — always wins.
        </li>
        <li>
          <strong>Global recipient override</strong> from the environment setting
          EMAIL_OVERRIDE_RECIPIENT — used when set and no member override exists.
        </li>
        <li>
          <strong>The member's original email</strong> — used otherwise.
        </li>
      </Box>
    </Card>
  )
}
