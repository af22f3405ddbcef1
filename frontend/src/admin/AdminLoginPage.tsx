import { useState } from 'react'
import { Form, required, SaveButton, TextInput, useLogin } from 'react-admin'
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material'
import LoginIcon from '@mui/icons-material/Login'
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined'
import { useBranding } from '../common/branding'
import { errorMessage } from '../common/api'
import { useToast } from '../common/toast'
import { adminPath } from './paths'

/** /admin/login: username and password. */
export function AdminLoginPage() {
  const login = useLogin()
  const toast = useToast()
  const { branding } = useBranding()
  const [error, setError] = useState<string | null>(null)

  const submit = async ({ username, password }: Record<string, string>) => {
    setError(null)
    try {
      await login({ username: username.trim(), password }, adminPath('dashboard'))
    } catch (failure) {
      // Server errors are toasts everywhere (admin-backoffice.md §8); the form keeps the text too.
      const message = errorMessage(failure)
      setError(message)
      toast.error(message)
    }
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <AdminPanelSettingsOutlinedIcon color="primary" sx={{ fontSize: 44 }} />
            <Typography variant="h5" component="h1">
              Admin Portal
            </Typography>
            <Typography color="text.secondary">{branding.brandName}</Typography>
          </Stack>
          {/* Both fields required (react-admin marks an empty one on submit); the button spins while signing in. */}
          <Form onSubmit={submit} noValidate disableInvalidFormNotification>
            <Stack spacing={1}>
              <TextInput source="username" label="Username" validate={required()} autoFocus autoComplete="username" slotProps={{ htmlInput: { 'data-testid': 'admin-username' } }} />
              <TextInput source="password" label="Password" type="password" validate={required()} autoComplete="current-password" slotProps={{ htmlInput: { 'data-testid': 'admin-password' } }} />
              {error ? <Alert severity="error">{error}</Alert> : null}
              <SaveButton label="Sign in" icon={<LoginIcon />} size="large" alwaysEnable data-testid="admin-login-button" />
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  )
}
