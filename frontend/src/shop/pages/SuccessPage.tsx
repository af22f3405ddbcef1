import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import { useBranding } from '../../common/branding'
import { ShopLayout } from '../components/ShopLayout'
import { clearSelection } from '../selection'
import { shopApi } from '../shopApi'
import { Loading } from '../components/Loading'
import { useMemberDetails } from '../useMemberDetails'

/** Confirmation after payment. The payment itself is confirmed by the provider's webhook, never by this page. */
export function SuccessPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { branding } = useBranding()
  const migrationId = params.get('migration_id')
  const [reference, setReference] = useState<string | null>(null)
  // The member page guard: no session, no confirmation (and only the member's own reference).
  const { details } = useMemberDetails()

  useEffect(() => {
    clearSelection()
    if (migrationId && /^\d+$/.test(migrationId)) {
      shopApi.migration(migrationId).then(({ migration }) => setReference(migration.migrationReference)).catch(() => undefined)
    }
  }, [migrationId])

  const returnToLogin = async () => {
    await shopApi.logout().catch(() => undefined)
    navigate('/shop/login')
  }

  if (!details) return <Loading />
  return (
    <ShopLayout maxWidth="sm">
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
            <Typography variant="h4" component="h1">Thank you!</Typography>
            <Typography color="text.secondary">
              Your migration has been received. You will get a confirmation email with your documents once it is processed.
            </Typography>
            {reference ? (
              <Typography>
                Your reference: <strong data-testid="migration-reference">{reference}</strong>
              </Typography>
            ) : null}
            <Typography color="text.secondary">
              Questions? Contact us at <Link href={`mailto:${branding.supportEmail}`} data-testid="support-email">{branding.supportEmail}</Link>
            </Typography>
            <Button variant="contained" onClick={returnToLogin} data-testid="return-to-login">Return to Login</Button>
          </Stack>
        </CardContent>
      </Card>
    </ShopLayout>
  )
}
