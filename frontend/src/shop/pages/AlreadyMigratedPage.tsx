import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined'
import PauseCircleOutlineIcon from '@mui/icons-material/InfoOutlineRounded'
import { useBranding } from '../../common/branding'
import { ShopLayout } from '../components/ShopLayout'
import { Loading } from '../components/Loading'
import { LogoutButton } from '../components/LogoutButton'
import { shopApi, type MigrationStatus } from '../shopApi'
import { useMemberDetails } from '../useMemberDetails'
import { MemberArea } from '../components/MemberArea'

/**
 * Where a blocked member lands. The reason decides the words: an administrator's hold says the
 * migration is on hold and whom to contact; a paid migration says it was already migrated.
 */
export function AlreadyMigratedPage() {
  const navigate = useNavigate()
  const { details } = useMemberDetails()
  const [status, setStatus] = useState<MigrationStatus | null>(null)

  useEffect(() => {
    shopApi.migrationStatus().then(
      (answer) => {
        if (!answer.blocked) navigate('/shop/dashboard', { replace: true })
        else setStatus(answer)
      },
      () => undefined
    )
  }, [navigate])

  const returnToLogin = async () => {
    await shopApi.logout().catch(() => undefined)
    navigate('/shop/login')
  }
  if (!details || !status) return <Loading />
  const onHold = status.reasonCode === 'admin_block'
  return (
    <ShopLayout maxWidth={onHold ? 'sm' : 'md'} actions={onHold ? undefined : <LogoutButton />}>
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 5 }}>
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              {onHold ? <OnHold reason={status.reason} /> : <AlreadyMigrated />}
              <Button variant="contained" onClick={returnToLogin} data-testid="return-to-login">
                Return to Login
              </Button>
            </Stack>
          </CardContent>
        </Card>
        {onHold ? null : <MemberArea />}
      </Stack>
    </ShopLayout>
  )
}

function Contact() {
  const { branding } = useBranding()
  return (
    <>
      <Typography>
        Email:{' '}
        <Link href={`mailto:${branding.supportEmail}`} data-testid="support-email">
          {branding.supportEmail}
        </Link>
      </Typography>
      <Typography>
        Website:{' '}
        <Link href={branding.websiteUrl} target="_blank" rel="noreferrer">
          {branding.websiteUrl}
        </Link>
      </Typography>
    </>
  )
}

function OnHold({ reason }: { reason: string | null }) {
  return (
    <>
      <PauseCircleOutlineIcon color="warning" sx={{ fontSize: 64 }} />
      <Typography variant="h4" component="h1" data-testid="on-hold-title" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Your migration is on hold
      </Typography>
      <Typography color="text.secondary" data-testid="block-reason">
        {reason ?? 'Your migration is on hold. Please contact support for assistance.'} Nothing has been migrated or charged.
      </Typography>
      <Contact />
    </>
  )
}

function AlreadyMigrated() {
  return (
    <>
      <VerifiedUserOutlinedIcon color="primary" sx={{ fontSize: 64 }} />
      <Typography variant="h4" component="h1" data-testid="already-migrated-title" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Coverage already migrated
      </Typography>
      <Typography color="text.secondary">
        Your coverage has already been migrated, and a migration cannot be repeated. If you believe this is a mistake or need to change something, please
        contact us.
      </Typography>
      <Contact />
    </>
  )
}
