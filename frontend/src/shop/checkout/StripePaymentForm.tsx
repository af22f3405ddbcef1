import { useMemo, useState, type FormEvent } from 'react'
// The pure entry point loads Stripe.js only when loadStripe is called (this form is shown):
// the default entry point injects it on import, that is on every shop page.
import { loadStripe } from '@stripe/stripe-js/pure'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { Box, Button, Stack, Typography } from '@mui/material'
import LockIcon from '@mui/icons-material/Lock'
import { useToast } from '../../common/toast'
import { useLanguage } from '../i18n/LanguageProvider'
import { useShopText } from '../i18n/useShopText'

interface Props {
  publishableKey: string
  clientSecret: string
  migrationId: number
  amount: number
  currency: string
}

/** Stripe Elements' card form; Stripe confirms and returns to /shop/success?migration_id={id}. */
export function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey])
  // Stripe's own fields speak the member's language too.
  const { language } = useLanguage()
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret, locale: language, appearance: { theme: 'stripe' } }}
    >
      <CardForm {...rest} />
    </Elements>
  )
}

function CardForm({
  migrationId,
  amount,
  currency,
}: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe()
  const elements = useElements()
  const toast = useToast()
  const { t, money } = useShopText()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    const returnUrl = `${window.location.origin}/shop/success?migration_id=${migrationId}`
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
    })
    // Only reached on an error: on success Stripe redirects to the return address.
    if (error) toast.error(error.message ?? t('common.error'))
    setBusy(false)
  }
  return (
    <Box component="form" onSubmit={submit} data-testid="stripe-form">
      <Stack spacing={2}>
        <PaymentElement />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          <LockIcon fontSize="inherit" /> {t('stripe.secure')}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!stripe || busy}
          data-testid="stripe-pay"
        >
          {busy ? t('common.processing') : t('checkout.pay', { amount: money(amount, currency) })}
        </Button>
      </Stack>
    </Box>
  )
}
