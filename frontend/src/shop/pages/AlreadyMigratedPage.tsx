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
import { StopPayments } from '../components/StopPayments'
import { MyDataCard } from '../components/MyDataCard'
import { RenewalCard } from '../components/RenewalCard'
import { useShopText } from '../i18n/useShopText'

/**
 * Where a blocked member lands. The reason decides the words: an administrator's hold says the
 * migration is on hold and whom to contact; a paid migration says it was already migrated.
 */
export function AlreadyMigratedPage() {
  const navigate = useNavigate()
  const { details, setDetails } = useMemberDetails()
  const [status, setStatus] = useState<MigrationStatus | null>(null)
  // After a withdrawal the coverage is gone: only the withdrawal's outcome stays on the page.
  const [withdrawn, setWithdrawn] = useState(false)
  const { t } = useShopText()

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
  // "if you believe this is a mistake". The on-hold notice keeps the route table's button.
  if (status.reasonCode !== 'admin_block') {
    return (
      <ShopLayout maxWidth="md" actions={<LogoutButton />}>
        <Stack spacing={3}>
          {withdrawn ? null : (
            <YourCoverage processing={status.reasonCode === 'migration_processing'} />
          )}
          {withdrawn ? null : <RenewalCard />}
          <Withdrawal onWithdrawn={() => setWithdrawn(true)} />
          {withdrawn ? null : <StopPayments />}
          {withdrawn ? null : <MemberArea />}
          <MyDataCard details={details} onSaved={setDetails} />
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
              {t('common.returnToLogin')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </ShopLayout>
  )
}

function Contact() {
  const { branding } = useBranding()
  const { rich } = useShopText()
  return (
    <>
      <Typography>
        {rich('contact.email', {
          email: branding.supportEmail,
          mail: (chunks) => (
            <Link href={`mailto:${branding.supportEmail}`} data-testid="support-email">
              {chunks}
            </Link>
          ),
        })}
      </Typography>
      <Typography>
        {rich('contact.website', {
          website: branding.websiteUrl,
          site: (chunks) => (
            <Link href={branding.websiteUrl} target="_blank" rel="noreferrer">
              {chunks}
            </Link>
          ),
        })}
      </Typography>
    </>
  )
}

function OnHold({ reason }: { reason: string | null }) {
  const { t } = useShopText()
  return (
    <>
      <PauseCircleOutlineIcon color="warning" sx={{ fontSize: 64 }} />
      <Typography
        variant="h4"
        component="h1"
        data-testid="on-hold-title"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        {t('hold.title')}
      </Typography>
      <Typography color="text.secondary" data-testid="block-reason">
        {t('hold.reason', { reason: reason ?? t('hold.defaultReason') })}
      </Typography>
      <Contact />
    </>
  )
}

/** The top of the member area: the coverage is migrated (or being migrated) and cannot be migrated again. */
function YourCoverage({ processing }: { processing: boolean }) {
  const { branding } = useBranding()
  const { t, rich } = useShopText()
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
          {t('area.heading')}
        </Typography>
        <Typography color="text.secondary" data-testid="coverage-state">
          {rich(processing ? 'area.stateProcessing' : 'area.stateMigrated', {
            email: branding.supportEmail,
            mail: (chunks) => (
              <Link href={`mailto:${branding.supportEmail}`} data-testid="support-email">
                {chunks}
              </Link>
            ),
          })}
        </Typography>
      </Box>
    </Stack>
  )
}
