import { useNavigate } from 'react-router-dom'
import { Button, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined'
import { useBranding } from '../../common/branding'
import { ShopLayout } from '../components/ShopLayout'
import { shopApi } from '../shopApi'

export function AlreadyMigratedPage() {
  const navigate = useNavigate()
  const { branding } = useBranding()
  const returnToLogin = async () => {
    await shopApi.logout().catch(() => undefined)
    navigate('/shop/login')
  }
  return (
    <ShopLayout maxWidth="sm">
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <VerifiedUserOutlinedIcon color="primary" sx={{ fontSize: 64 }} />
            <Typography variant="h4" component="h1" data-testid="already-migrated-title">Coverage already migrated</Typography>
            <Typography color="text.secondary">
              Your coverage has already been migrated, and a migration cannot be repeated. If you believe this is a mistake or need to change something, please contact us.
            </Typography>
            <Typography>
              Email: <Link href={`mailto:${branding.supportEmail}`}>{branding.supportEmail}</Link>
            </Typography>
            <Typography>
              Website: <Link href={branding.websiteUrl} target="_blank" rel="noreferrer">{branding.websiteUrl}</Link>
            </Typography>
            <Button variant="contained" onClick={returnToLogin} data-testid="return-to-login">Return to Login</Button>
          </Stack>
        </CardContent>
      </Card>
    </ShopLayout>
  )
}
