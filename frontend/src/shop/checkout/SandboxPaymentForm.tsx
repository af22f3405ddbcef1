import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Button, Stack, Typography } from '@mui/material'
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined'
import { errorCode, errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { shopApi } from '../shopApi'
import { ERROR_CODES, ReplacedCheckout } from './ReplacedCheckout'
import { useShopText } from '../i18n/useShopText'

/** The offline payment form: no card data; confirming goes through the same webhook path as Stripe. */
export function SandboxPaymentForm({
  migrationId,
  amount,
  currency,
  consented,
}: {
  migrationId: number
  amount: number
  currency: string
  consented: boolean
}) {
  const navigate = useNavigate()
  const toast = useToast()
  const { t, rich, money } = useShopText()
  const [busy, setBusy] = useState(false)
  const [replaced, setReplaced] = useState(false)
  const pay = async () => {
    setBusy(true)
    try {
      await shopApi.sandboxConfirm(migrationId)
      navigate(`/shop/success?migration_id=${migrationId}`)
    } catch (error) {
      if (errorCode(error) === ERROR_CODES.checkoutReplaced) return setReplaced(true)
      // An old tab: this checkout (or another one) was paid meanwhile. Leave the checkout for the
      // paid state instead of offering Pay again.
      const paidElsewhere = await shopApi.migrationStatus().then(
        (status) => status.blocked,
        () => false
      )
      if (paidElsewhere) {
        const own = await shopApi.migration(migrationId).then(
          ({ migration }) => migration.status,
          () => null
        )
        return navigate(
          own && own !== 'pending' && own !== 'failed'
            ? `/shop/success?migration_id=${migrationId}`
            : '/shop/already-migrated',
          { replace: true }
        )
      }
      toast.error(errorMessage(error))
      setBusy(false)
    }
  }
  if (replaced) return <ReplacedCheckout />
  return (
    <Stack spacing={2}>
      <Alert severity="warning" icon={<ScienceOutlinedIcon />} data-testid="sandbox-banner">
        {rich('sandbox.banner', { b: (chunks) => <strong>{chunks}</strong> })}
      </Alert>
      <Typography color="text.secondary">
        {t('sandbox.dueToday', { amount: money(amount, currency) })}
      </Typography>
      <Button
        variant="contained"
        size="large"
        onClick={pay}
        disabled={busy || !consented}
        data-testid="sandbox-pay"
      >
        {t(busy ? 'common.processing' : 'sandbox.pay')}
      </Button>
      {consented ? null : (
        <Typography variant="body2" color="text.secondary">
          {t('consent.payDisabled')}
        </Typography>
      )}
    </Stack>
  )
}
