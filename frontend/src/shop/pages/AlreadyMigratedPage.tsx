import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined'
import PauseCircleOutlineIcon from '@mui/icons-material/InfoOutlineRounded'
import { useBranding } from '../../common/branding'
import { ShopLayout } from '../components/ShopLayout'
import { Loading } from '../components/Loading'
import { LogoutButton } from '../components/LogoutButton'
import { shopApi, type MigrationStatus } from '../shopApi'
import { useMemberDetails } from '../useMemberDetails'
import { MemberArea } from '../components/MemberArea'
import { Withdrawal } from '../components/Withdrawal'

/**
 * Where a blocked member lands. The reason decides the words: an administrator's hold says the
 * migration is on hold and whom to contact; a paid migration says it was already migrated.
 */
export function AlreadyMigratedPage() {
  const navigate = useNavigate()
  const { details } = useMemberDetails()
  const [status, setStatus] = useState<MigrationStatus | null>(null)
  // After a withdrawal the coverage is gone: only the withdrawal's outcome stays on the page.
  const [withdrawn, setWithdrawn] = useState(false)

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
  // A paid member's home is their member area: Logout in the header, no "Return to Login" and no
  // "if you believe this is a mistake" (issue 27 §14). The on-hold notice keeps the route table's button.
  if (status.reasonCode !== 'admin_block') {
    return (
      <ShopLayout maxWidth="md" actions={<LogoutButton />}>
        <Stack spacing={3}>
          {withdrawn ? null : (
            <YourCoverage processing={status.reasonCode === 'migration_processing'} />
          )}
          <Withdrawal onWithdrawn={() => setWithdrawn(true)} />
          {withdrawn ? null : <MemberArea />}
        </Stack>
      </ShopLayout>
    )
  }
  return (
    <ShopLayout maxWidth="sm">
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <OnHold reason={status.reason} />
            <Button variant="contained" onClick={returnToLogin} data-testid="return-to-login">
              Return to Login
            </Button>
          </Stack>
        </CardContent>
      </Card>
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
      <Typography
        variant="h4"
        component="h1"
        data-testid="on-hold-title"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        Your migration is on hold
      </Typography>
      <Typography color="text.secondary" data-testid="block-reason">
        {reason ?? 'Your migration is on hold. Please contact support for assistance.'} Nothing has
        been migrated or charged.
      </Typography>
      <Contact />
    </>
  )
}

/** The top of the member area: the coverage is migrated (or being migrated) and cannot be migrated again. */
function YourCoverage({ processing }: { processing: boolean }) {
  const { branding } = useBranding()
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <VerifiedUserOutlinedIcon
        color="primary"
        sx={{ fontSize: 48, display: { xs: 'none', sm: 'block' } }}
      />
      <Box>
        <Typography
          variant="h4"
          component="h1"
          data-testid="already-migrated-title"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          Your new coverage
        </Typography>
        <Typography color="text.secondary" data-testid="coverage-state">
          {processing
            ? 'Your payment was received and your migration is being processed.'
            : 'Your coverage has been migrated.'}{' '}
          A migration is done once; to change something, write to{' '}
          <Link href={`mailto:${branding.supportEmail}`} data-testid="support-email">
            {branding.supportEmail}
          </Link>
          .
        </Typography>
      </Box>
    </Stack>
  )
}
