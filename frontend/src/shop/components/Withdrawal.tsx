import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
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
  Link,
  Typography,
} from '@mui/material'
import { errorMessage } from '../../common/api'
import { shopApi, type Withdrawal as WithdrawalAnswer } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

/**
 * Withdraw within the cooling-off period (docs/shop.md, "Withdrawal"): Withdraw opens a
 * confirmation stating the refund and what it means; after it the area says until when the
 * member was covered and how to reach support (the page's heading then: `onWithdrawn` lets the page
 * drop what describes the coverage). Nothing is shown outside the period.
 */
export function Withdrawal({ onWithdrawn }: { onWithdrawn?: () => void }) {
  const { t, rich, cents, date } = useShopText()
  const [answer, setAnswer] = useState<WithdrawalAnswer | null>(null)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const doneHeading = useRef<HTMLHeadingElement>(null)
  const justWithdrew = useRef(false)
  // The page passes a new function on each render: the effect below calls the latest one.
  const withdrawnCallback = useRef(onWithdrawn)
  withdrawnCallback.current = onWithdrawn
  const titleId = useId()
  const textId = useId()
  useEffect(() => {
    shopApi.withdrawal().then(setAnswer, () => undefined)
  }, [])
  // The Withdraw button is gone once withdrawn: the reader continues at the outcome.
  useEffect(() => {
    if (!answer?.withdrawal) return
    withdrawnCallback.current?.()
    if (justWithdrew.current && !open) doneHeading.current?.focus()
  }, [answer?.withdrawal, open])

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      const made = await shopApi.withdraw()
      justWithdrew.current = true
      setAnswer(made)
      setOpen(false)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  if (!answer) return null
  const support = (chunks: ReactNode[]) => (
    <Link href={`mailto:${answer.supportEmail}`} data-testid="withdrawal-support">
      {chunks}
    </Link>
  )
  if (answer.withdrawal) {
    const { coveredUntil, refundCents, currency, status } = answer.withdrawal
    return (
      <Alert severity="info" data-testid="withdrawal-done">
        <Typography
          variant="h6"
          component="h1"
          tabIndex={-1}
          ref={doneHeading}
          sx={{ outline: 'none' }}
        >
          {t('withdrawal.ended')}
        </Typography>
        <Typography data-testid="withdrawal-covered-until">
          {t(status === 'completed' ? 'withdrawal.refunded' : 'withdrawal.refunding', {
            date: date(coveredUntil),
            amount: cents(refundCents, currency),
          })}
        </Typography>
        <Typography>
          {rich('withdrawal.questions', { email: answer.supportEmail, mail: support })}
        </Typography>
      </Alert>
    )
  }
  if (!answer.offer) return null
  const { refundCents, currency, coolingOffEndsOn } = answer.offer
  const amount = cents(refundCents, currency)
  return (
    <Card data-testid="withdrawal-offer">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('withdrawal.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('withdrawal.offer', { date: date(coolingOffEndsOn), amount })}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          onClick={() => setOpen(true)}
          data-testid="withdraw"
        >
          {t('withdrawal.withdraw')}
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="withdraw-dialog"
      >
        <DialogTitle id={titleId}>{t('withdrawal.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} data-testid="withdraw-consequence">
            {t('withdrawal.consequence', { amount })}
          </DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="withdraw-error">
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy} autoFocus>
            {t('withdrawal.keep')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirm()}
            disabled={busy}
            data-testid="withdraw-confirm"
          >
            {busy ? t('withdrawal.withdrawing') : t('withdrawal.confirm', { amount })}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}
