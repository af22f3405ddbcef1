import { useEffect, useId, useRef, useState } from 'react'
import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material'
import { errorMessage } from '../../common/api'
import { shopApi, type StopPaymentsAnswer } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

/**
 * Stop future payments of an installment plan, outside the cooling-off period (docs/shop.md,
 * "Stop future payments"): the card states until when the member stays covered; the dialog the
 * payments no longer charged and the refund, as quoted by the server; afterwards the area says the
 * payments are stopped and until when the member is covered. Nothing is shown without a quote.
 */
export function StopPayments() {
  const { t, cents, date } = useShopText()
  const [answer, setAnswer] = useState<StopPaymentsAnswer | null>(null)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const doneHeading = useRef<HTMLHeadingElement>(null)
  const justStopped = useRef(false)
  const titleId = useId()
  const textId = useId()
  useEffect(() => {
    shopApi.stopPayments().then(setAnswer, () => undefined)
  }, [])
  useEffect(() => {
    if (answer?.stopped && justStopped.current && !open) doneHeading.current?.focus()
  }, [answer?.stopped, open])

  if (!answer) return null
  if (answer.stopped) {
    const { coveredUntil, refundCents, currency } = answer.stopped
    return (
      <Alert severity="info" data-testid="stop-payments-done">
        <Typography
          variant="h6"
          component="h2"
          tabIndex={-1}
          ref={doneHeading}
          sx={{ outline: 'none' }}
        >
          {t('stopPayments.done')}
        </Typography>
        <Typography data-testid="stop-payments-covered-until">
          {t('stopPayments.coveredUntil', {
            date: date(coveredUntil),
            refund: cents(refundCents, currency),
          })}
        </Typography>
      </Alert>
    )
  }
  const quote = answer.quote
  if (!quote) return null
  const until = date(quote.coveredUntil)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      const made = await shopApi.stopFuturePayments(quote.coveredUntil)
      justStopped.current = true
      setAnswer(made)
      setOpen(false)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card data-testid="stop-payments-offer">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('stopPayments.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('stopPayments.offer', { date: until })}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          onClick={() => setOpen(true)}
          data-testid="stop-payments"
        >
          {t('stopPayments.stop')}
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="stop-payments-dialog"
      >
        <DialogTitle id={titleId}>{t('stopPayments.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} data-testid="stop-payments-consequence">
            {t('stopPayments.consequence', {
              count: quote.unpaidCount,
              unpaid: cents(quote.unpaidCents, quote.currency),
              date: until,
              refund: cents(quote.refundCents, quote.currency),
            })}
          </DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="stop-payments-error">
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy} autoFocus>
            {t('stopPayments.keep')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirm()}
            disabled={busy}
            data-testid="stop-payments-confirm"
          >
            {busy ? t('stopPayments.stopping') : t('stopPayments.confirm', { date: until })}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}
