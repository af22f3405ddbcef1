import { Alert, Box, Button, Divider, LinearProgress, Stack, Typography } from '@mui/material'
import { FREQUENCY_LABELS } from '../selection'
import type { PricingResult } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

/** Per-member premiums, total and the payment plan in short. */
export function PricingSummary({
  pricing,
  calculating,
  error,
  onRetry,
}: {
  pricing: PricingResult | null
  calculating: boolean
  error: string | null
  onRetry: () => void
}) {
  const { t, money, date } = useShopText()
  return (
    <Box data-testid="pricing-summary">
      {calculating ? <LinearProgress sx={{ mb: 2 }} /> : null}
      {error && !calculating ? (
        <Alert
          severity="error"
          role="alert"
          data-testid="calculation-failed"
          action={
            <Button color="inherit" onClick={onRetry} data-testid="retry-calculation">
              {t('common.tryAgain')}
            </Button>
          }
        >
          {t('pricing.failed', { error })}
        </Alert>
      ) : !pricing ? (
        <Typography color="text.secondary">{t('pricing.empty')}</Typography>
      ) : (
        <Stack spacing={1.25} sx={{ opacity: calculating ? 0.5 : 1 }}>
          {pricing.calculations.map((line) => (
            <Stack key={line.memberId} direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography>{line.memberName}</Typography>
              <Typography>{money(line.calculatedPremium, pricing.currency)}</Typography>
            </Stack>
          ))}
          <Divider />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {t('common.total')}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              color="primary"
              data-testid="pricing-total"
              sx={{ fontWeight: 700 }}
            >
              {money(pricing.totalAmount, pricing.currency)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('pricing.coverage', {
              start: date(pricing.startDate),
              end: date(pricing.endDate),
              days: pricing.durationDays,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="pricing-plan">
            {t('pricing.plan', {
              count: pricing.numberOfPayments,
              frequency: t(FREQUENCY_LABELS[pricing.paymentFrequency].label),
              amount: money(pricing.subscriptionAmount, pricing.currency),
            })}
          </Typography>
        </Stack>
      )}
    </Box>
  )
}
