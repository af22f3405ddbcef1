import { lazy, Suspense, useEffect, useState } from 'react'
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material'
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { shopApi } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

// Stripe Elements are downloaded only when a member changes the card.
const StripeCardUpdate = lazy(() => import('./StripeCardUpdate'))

/** Changing the card of a recurring plan: Stripe Elements (SetupIntent), or the labelled sandbox form. */
export function CardUpdateDialog({
  open,
  onClose,
  onUpdated,
}: {
  open: boolean
  onClose: () => void
  onUpdated: () => void
}) {
  const toast = useToast()
  const { t, rich } = useShopText()
  const [setup, setSetup] = useState<{
    provider: string
    clientSecret: string | null
    publishableKey: string | null
  } | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    Promise.all([shopApi.startCardUpdate(), shopApi.paymentsConfig()]).then(
      ([started, config]) => setSetup({ ...started, publishableKey: config.publishableKey }),
      (error) => {
        toast.error(errorMessage(error))
        onClose()
      }
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const finish = async (setupIntentId?: string) => {
    setBusy(true)
    try {
      await shopApi.finishCardUpdate(setupIntentId)
      toast.success(t('card.updated'))
      onUpdated()
      onClose()
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('card.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('card.intro')}</DialogContentText>
        {!setup ? (
          <CircularProgress aria-label={t('common.loading')} />
        ) : setup.provider === 'stripe' && setup.clientSecret && setup.publishableKey ? (
          <Suspense fallback={<CircularProgress aria-label={t('common.loading')} />}>
            <StripeCardUpdate
              publishableKey={setup.publishableKey}
              clientSecret={setup.clientSecret}
              onConfirmed={finish}
              onError={(message) => toast.error(message)}
            />
          </Suspense>
        ) : (
          <Alert
            severity="warning"
            icon={<ScienceOutlinedIcon />}
            data-testid="sandbox-card-banner"
          >
            {rich('card.sandbox', { b: (chunks) => <strong>{chunks}</strong> })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {setup && setup.provider !== 'stripe' ? (
          <Button
            variant="contained"
            onClick={() => finish()}
            disabled={busy}
            data-testid="sandbox-card-save"
          >
            {t(busy ? 'common.saving' : 'card.sandboxSave')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  )
}
