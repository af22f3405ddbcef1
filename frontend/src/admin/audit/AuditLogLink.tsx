import { Link as RouterLink } from 'react-router-dom'
import { Button, Card, CardContent, Stack, Typography } from '@mui/material'
import HistoryIcon from '@mui/icons-material/History'
import { adminPath } from '../paths'

/** The Settings page's way to the audit log (the sidebar keeps the spec's 14 entries). */
export function AuditLogLink() {
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography color="text.secondary">
            Every change made by administrators and operators, with the values before and after.
          </Typography>
          <Button
            component={RouterLink}
            to={adminPath('settings/audit-log')}
            variant="outlined"
            startIcon={<HistoryIcon />}
            sx={{ flexShrink: 0 }}
            data-testid="open-audit-log"
          >
            Audit Log
          </Button>
        </Stack>
      </CardContent>
    </Card>
  )
}
