import { useEffect, useState } from 'react'
import { Button, Card, CardContent, Typography } from '@mui/material'
import { shopApi, type RenewalAnswer } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

/**
 * The renewal card (docs/shop.md, "Renewal"): from RENEWAL_INVITATION_DAYS before the end date,
 * the end date and today's price of a term starting then, as the server computed it; Renew opens
 * the same checkout with `renewalOf` (a page load, for its Content-Security-Policy). Nothing is
 * shown when no renewal is due or it was renewed.
 */
export function RenewalCard() {
  const { t, rich, money, date } = useShopText()
  const [renewal, setRenewal] = useState<RenewalAnswer['renewal']>(null)
  useEffect(() => {
    shopApi.renewal().then(
      (answer) => setRenewal(answer.renewal),
      () => undefined
    )
  }, [])
  if (!renewal) return null
  return (
    <Card data-testid="renewal-card">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('renewal.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="renewal-end-date">
          {t('renewal.ends', { date: date(renewal.endDate) })}
        </Typography>
        <Typography color="text.secondary" data-testid="renewal-price" sx={{ mb: 2 }}>
          {rich('renewal.price', {
            amount: money(renewal.price.totalAmount, renewal.price.currency),
            start: date(renewal.price.startDate),
            end: date(renewal.price.endDate),
            b: (chunks) => <strong>{chunks}</strong>,
          })}
        </Typography>
        <Button
          variant="contained"
          data-testid="renew"
          // A full page load, as from the selection: the checkout's own Content-Security-Policy
          // (the only one that may allow Stripe.js) applies to a document, not to a move inside the app.
          onClick={() => window.location.assign(`/shop/checkout?renewalOf=${renewal.migrationId}`)}
        >
          {t('renewal.renew')}
        </Button>
      </CardContent>
    </Card>
  )
}
