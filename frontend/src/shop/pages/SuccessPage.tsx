import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined'
import { useBranding } from '../../common/branding'
import { ShopLayout } from '../components/ShopLayout'
import { clearSelection } from '../selection'
import { shopApi } from '../shopApi'
import { Loading } from '../components/Loading'
import { useMemberDetails } from '../useMemberDetails'
import { MAX_ASKS, paymentOutcome, type PaymentOutcome } from './successOutcome'
import { useShopText } from '../i18n/useShopText'

/**
 * After the payment form: the page says what the server knows (the payment itself is confirmed by
 * the provider's webhook, never by this page). Paid → thanks; still pending after a provider
 * redirect that says succeeded → "confirming", asked again; anything else → not completed, back to
 * checkout.
 */
export function SuccessPage() {
  const [params] = useSearchParams()
  const migrationId = params.get('migration_id')
  const redirectStatus = params.get('redirect_status')
  // The member page guard: no session, no confirmation (and only the member's own reference).
  const { details } = useMemberDetails()
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null)

  useEffect(() => {
    let active = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = async (attempt: number) => {
      const migration =
        migrationId && /^\d+$/.test(migrationId)
          ? await shopApi.migration(Number(migrationId)).then(
              (answer) => answer.migration,
              () => null
            )
          : null
      if (!active) return
      const next = paymentOutcome(migration, redirectStatus)
      setOutcome(next)
      if (next.kind === 'paid') clearSelection()
      if (next.kind === 'confirming' && attempt < MAX_ASKS)
        timer = setTimeout(() => void ask(attempt + 1), 2000)
    }
    void ask(0)
    return () => {
      active = false
      clearTimeout(timer)
    }
  }, [migrationId, redirectStatus])

  if (!details || !outcome) return <Loading />
  return (
    <ShopLayout maxWidth="sm">
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid={`payment-${outcome.kind}`}>
            {outcome.kind === 'paid' ? (
              <Paid reference={outcome.reference} />
            ) : (
              <NotPaid outcome={outcome} />
            )}
          </Stack>
        </CardContent>
      </Card>
    </ShopLayout>
  )
}

function Reference({ reference }: { reference: string | null }) {
  const { rich } = useShopText()
  if (!reference) return null
  return (
    <Typography>
      {rich('success.reference', {
        reference,
        b: (chunks) => <strong data-testid="migration-reference">{chunks}</strong>,
      })}
    </Typography>
  )
}

function SupportLine() {
  const { branding } = useBranding()
  const { rich } = useShopText()
  return (
    <Typography color="text.secondary">
      {rich('success.support', {
        email: branding.supportEmail,
        mail: (chunks) => (
          <Link href={`mailto:${branding.supportEmail}`} data-testid="support-email">
            {chunks}
          </Link>
        ),
      })}
    </Typography>
  )
}

function Paid({ reference }: { reference: string | null }) {
  const navigate = useNavigate()
  const { t } = useShopText()
  const returnToLogin = async () => {
    await shopApi.logout().catch(() => undefined)
    navigate('/shop/login')
  }
  return (
    <>
      <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
      <Typography variant="h4" component="h1">
        {t('success.thanks')}
      </Typography>
      <Typography color="text.secondary">{t('success.received')}</Typography>
      <Reference reference={reference} />
      <SupportLine />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          variant="contained"
          onClick={() => navigate('/shop/already-migrated')}
          data-testid="view-coverage"
        >
          {t('success.viewCoverage')}
        </Button>
        <Button variant="outlined" onClick={returnToLogin} data-testid="return-to-login">
          {t('common.returnToLogin')}
        </Button>
      </Stack>
    </>
  )
}

function NotPaid({ outcome }: { outcome: Exclude<PaymentOutcome, { kind: 'paid' }> }) {
  const navigate = useNavigate()
  const { t } = useShopText()
  if (outcome.kind === 'confirming') {
    return (
      <>
        <Typography variant="h4" component="h1">
          {t('success.confirming')}
        </Typography>
        <Typography color="text.secondary" role="status">
          {t('success.confirmingText')}
        </Typography>
        <Reference reference={outcome.reference} />
      </>
    )
  }
  return (
    <>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} />
      <Typography variant="h4" component="h1">
        {t(outcome.kind === 'unknown' ? 'success.notFound' : 'success.notCompleted')}
      </Typography>
      <Typography color="text.secondary" data-testid="payment-explanation">
        {t(outcome.kind === 'unknown' ? 'success.notFoundText' : 'success.notCompletedText')}
      </Typography>
      <Reference reference={outcome.reference} />
      <SupportLine />
      <Button
        variant="contained"
        onClick={() => navigate(outcome.checkout)}
        data-testid="back-to-checkout"
      >
        {t(outcome.kind === 'unknown' ? 'success.backToDashboard' : 'success.backToCheckout')}
      </Button>
    </>
  )
}
