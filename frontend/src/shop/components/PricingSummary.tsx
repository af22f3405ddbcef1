import { Alert, Box, Button, Divider, LinearProgress, Stack, Typography } from '@mui/material'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import { FREQUENCY_LABELS } from '../selection'
import type { PricingResult } from '../shopApi'

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
  const { dateFormat } = useFormatting()
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
              Try again
            </Button>
          }
        >
          The price could not be calculated: {error}
        </Alert>
      ) : !pricing ? (
        <Typography color="text.secondary">
          Choose members, a duration and a payment frequency to see your price.
        </Typography>
      ) : (
        <Stack spacing={1.25} sx={{ opacity: calculating ? 0.5 : 1 }}>
          {pricing.calculations.map((line) => (
            <Stack key={line.memberId} direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography>{line.memberName}</Typography>
              <Typography>{formatMoney(line.calculatedPremium, pricing.currency)}</Typography>
            </Stack>
          ))}
          <Divider />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              Total
            </Typography>
            <Typography
              variant="h5"
              component="p"
              color="primary"
              data-testid="pricing-total"
              sx={{ fontWeight: 700 }}
            >
              {formatMoney(pricing.totalAmount, pricing.currency)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Coverage {formatDate(pricing.startDate, dateFormat)} –{' '}
            {formatDate(pricing.endDate, dateFormat)} ({pricing.durationDays} days)
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="pricing-plan">
            {pricing.numberOfPayments === 1
              ? `${FREQUENCY_LABELS[pricing.paymentFrequency].label}: one payment of ${formatMoney(pricing.subscriptionAmount, pricing.currency)} today`
              : `${FREQUENCY_LABELS[pricing.paymentFrequency].label}: ${pricing.numberOfPayments} payments, ${formatMoney(pricing.subscriptionAmount, pricing.currency)} today`}
          </Typography>
        </Stack>
      )}
    </Box>
  )
}
