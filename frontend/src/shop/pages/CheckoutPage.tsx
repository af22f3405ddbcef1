import { Box, Card, CardContent, CircularProgress, Divider, Grid, Stack, Typography } from '@mui/material'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import { ShopLayout } from '../components/ShopLayout'
import { LogoutButton } from '../components/LogoutButton'
import { Loading } from '../components/Loading'
import { InstallmentTable } from '../components/InstallmentTable'
import { SandboxPaymentForm } from '../checkout/SandboxPaymentForm'
import { StripePaymentForm } from '../checkout/StripePaymentForm'
import { useCheckout } from '../checkout/useCheckout'
import { DURATION_LABELS, FREQUENCY_LABELS } from '../selection'
import { useMemberDetails } from '../useMemberDetails'

export function CheckoutPage() {
  const { dateFormat } = useFormatting()
  const { details } = useMemberDetails()
  const { selection, created, config } = useCheckout()
  if (!details || !selection) return <Loading />
  const { pricing } = selection
  // The amounts shown come from the server's answer at creation when available.
  const dueToday = created?.subscriptionAmount ?? pricing.subscriptionAmount

  return (
    <ShopLayout maxWidth="lg" actions={<LogoutButton />}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1">Checkout</Typography>
          <Typography color="text.secondary">Review your order and pay the first payment to complete your migration.</Typography>
        </Box>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={3}>
              <Card>
                <CardContent>
                  <Typography variant="h6" gutterBottom>Order summary</Typography>
                  <Stack spacing={1} data-testid="order-summary">
                    {pricing.calculations.map((line) => (
                      <Stack key={line.memberId} direction="row" sx={{ justifyContent: 'space-between' }}>
                        <Typography>{line.memberName}</Typography>
                        <Typography>{formatMoney(line.calculatedPremium, pricing.currency)}</Typography>
                      </Stack>
                    ))}
                    <Divider />
                    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                      <Typography sx={{ fontWeight: 600 }}>Total</Typography>
                      <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">{formatMoney(pricing.totalAmount, pricing.currency)}</Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {DURATION_LABELS[selection.durationType]} · {formatDate(pricing.startDate, dateFormat)} – {formatDate(pricing.endDate, dateFormat)} ({pricing.durationDays} days)
                    </Typography>
                  </Stack>
                </CardContent>
              </Card>
              <Card>
                <CardContent>
                  <Typography variant="h6" gutterBottom>Payment plan</Typography>
                  <Typography color="text.secondary" sx={{ mb: 1 }}>
                    {FREQUENCY_LABELS[pricing.paymentFrequency].label} · {pricing.numberOfPayments} {pricing.numberOfPayments === 1 ? 'payment' : 'payments'}
                  </Typography>
                  <InstallmentTable schedule={pricing.installmentSchedule} currency={pricing.currency} />
                </CardContent>
              </Card>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card>
              <CardContent>
                <Typography variant="h6" gutterBottom>Payment</Typography>
                {!created || !config ? (
                  <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}><CircularProgress /></Box>
                ) : config.provider === 'stripe' && config.publishableKey ? (
                  <StripePaymentForm publishableKey={config.publishableKey} clientSecret={created.clientSecret} migrationId={created.migrationId} amount={dueToday} currency={pricing.currency} />
                ) : (
                  <SandboxPaymentForm migrationId={created.migrationId} amount={dueToday} currency={pricing.currency} />
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Stack>
    </ShopLayout>
  )
}
