import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { Alert } from '@mui/material'
import { adminPath } from '../../paths'
import { api } from '../../../common/api'

/** When REQUIRE_ADMIN_2FA is off (the demo), the dashboard says so: administrators sign in with a password alone. */
export function TwoFactorOffNotice() {
  const { data } = useQuery({
    queryKey: ['two-factor'],
    queryFn: () => api.get('/api/admin/two-factor'),
    refetchOnWindowFocus: false,
  })
  if (!data || data.required) return null
  return (
    <Alert severity="info" data-testid="two-factor-off" sx={{ mb: 3 }}>
      Two-factor sign-in is off in this demo: administrators without a second factor sign in with
      their password only.{' '}
      <RouterLink to={adminPath('two-factor')}>Set up a second factor</RouterLink>
    </Alert>
  )
}
