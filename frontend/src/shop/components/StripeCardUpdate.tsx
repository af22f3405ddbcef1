import { useMemo, useState, type FormEvent } from 'react'
import { loadStripe } from '@stripe/stripe-js/pure'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { Button, Stack } from '@mui/material'
import { useLanguage } from '../i18n/LanguageProvider'
import { useShopText } from '../i18n/useShopText'

interface Props {
  publishableKey: string
  clientSecret: string
  onConfirmed: (setupIntentId: string) => void
  onError: (message: string) => void
}

/** Stripe Elements in setup mode: the member enters the new card; Stripe confirms the SetupIntent. */
export default function StripeCardUpdate({ publishableKey, clientSecret, ...rest }: Props) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey])
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

function CardForm({ onConfirmed, onError }: Pick<Props, 'onConfirmed' | 'onError'>) {
  const stripe = useStripe()
  const elements = useElements()
  const { t } = useShopText()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    const { error, setupIntent } = await stripe.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/shop/already-migrated` },
    })
    setBusy(false)
    if (error || !setupIntent) onError(error?.message ?? t('common.error'))
    else onConfirmed(setupIntent.id)
  }
  return (
    <form onSubmit={submit} data-testid="stripe-card-form">
      <Stack spacing={2}>
        <PaymentElement />
        <Button
          type="submit"
          variant="contained"
          disabled={!stripe || busy}
          data-testid="stripe-card-save"
        >
          {t(busy ? 'common.saving' : 'card.save')}
        </Button>
      </Stack>
    </form>
  )
}
