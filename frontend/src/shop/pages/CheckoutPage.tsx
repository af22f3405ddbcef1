import { useLocation } from 'react-router-dom'
import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Grid,
  Stack,
  Typography,
} from '@mui/material'
import { ShopLayout } from '../components/ShopLayout'
import { LogoutButton } from '../components/LogoutButton'
import { Loading } from '../components/Loading'
import { InstallmentTable } from '../components/InstallmentTable'
import { SandboxPaymentForm } from '../checkout/SandboxPaymentForm'
import { StripePaymentForm } from '../checkout/StripePaymentForm'
import { useCheckout } from '../checkout/useCheckout'
import { ConsentBox } from '../checkout/ConsentBox'
import { ReplacedCheckout } from '../checkout/ReplacedCheckout'
import { CoverageSummary, useCoverage } from '../coverage/CoverageSummary'
import { DURATION_LABELS, FREQUENCY_LABELS } from '../selection'
import { useMemberDetails } from '../useMemberDetails'
import { useShopText } from '../i18n/useShopText'

/**
 * Order summary, payment plan and the card form. Every amount shown is the server's answer at
 * creation: the price it recomputed, stored and will charge, not the earlier calculation.
 */
export function CheckoutPage() {
  // A new ?migration_id= (the current checkout after this one was replaced) starts afresh.
  return <CheckoutScreen key={useLocation().search} />
}

function CheckoutScreen() {
  const { t, money, date } = useShopText()
  const { details } = useMemberDetails()
  const { selection, created, config, resumed } = useCheckout()
  const coverage = useCoverage()
  // Set once the consent is recorded (the consent call answers the payment's secret).
  const [clientSecret, setClientSecret] = useState<string | null>(null)
  // This checkout was withdrawn by a newer one (another tab): the consent call says so.
  const [replaced, setReplaced] = useState(false)
  if (!details || !created || !config) return <Loading />
  // A resumed checkout (another tab's) has no calculation of this tab to compare with.
  const earlier = resumed ? null : (selection?.pricing ?? null)
  const priceChanged =
    earlier !== null &&
    (earlier.totalAmount !== created.totalAmount || earlier.currency !== created.currency)

  return (
    <ShopLayout maxWidth="lg" actions={<LogoutButton />}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1">
            {t('title.checkout')}
          </Typography>
          <Typography color="text.secondary">{t('checkout.intro')}</Typography>
        </Box>
        {priceChanged ? (
          <Alert severity="info" data-testid="price-updated">
            {t('checkout.priceUpdated', {
              amount: money(earlier!.totalAmount, earlier!.currency),
            })}
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={3}>
              <CoverageSummary
                coverage={coverage}
                startDate={created.startDate}
                endDate={created.endDate}
              />
              <Card>
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {t('checkout.orderSummary')}
                  </Typography>
                  <Stack spacing={1} data-testid="order-summary">
                    {created.calculations.map((line) => (
                      <Stack
                        key={line.memberId}
                        direction="row"
                        sx={{ justifyContent: 'space-between' }}
                      >
                        <Typography>{line.memberName}</Typography>
                        <Typography>{money(line.calculatedPremium, created.currency)}</Typography>
                      </Stack>
                    ))}
                    <Divider />
                    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                      <Typography sx={{ fontWeight: 600 }}>{t('common.total')}</Typography>
                      <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">
                        {money(created.totalAmount, created.currency)}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {t('checkout.period', {
                        duration: t(DURATION_LABELS[created.durationType]),
                        start: date(created.startDate),
                        end: date(created.endDate),
                        days: created.durationDays,
                      })}
                    </Typography>
                  </Stack>
                </CardContent>
              </Card>
              <Card>
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {t('checkout.paymentPlan')}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mb: 1 }}>
                    {t('checkout.planLine', {
                      frequency: t(FREQUENCY_LABELS[created.paymentFrequency].label),
                      count: created.numberOfPayments,
                    })}
                  </Typography>
                  <InstallmentTable
                    schedule={created.installmentSchedule}
                    currency={created.currency}
                  />
                </CardContent>
              </Card>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t('checkout.payment')}
                </Typography>
                {replaced ? (
                  <ReplacedCheckout />
                ) : (
                  <>
                    <ConsentBox
                      created={created}
                      onConsented={setClientSecret}
                      onReplaced={() => setReplaced(true)}
                    />
                    {config.provider === 'stripe' && config.publishableKey ? (
                      clientSecret ? (
                        <StripePaymentForm
                          publishableKey={config.publishableKey}
                          clientSecret={clientSecret}
                          migrationId={created.migrationId}
                          amount={created.subscriptionAmount}
                          currency={created.currency}
                        />
                      ) : (
                        <Stack spacing={1}>
                          <Button
                            variant="contained"
                            size="large"
                            disabled
                            data-testid="stripe-pay"
                          >
                            {t('checkout.pay', {
                              amount: money(created.subscriptionAmount, created.currency),
                            })}
                          </Button>
                          <Typography variant="body2" color="text.secondary">
                            {t('consent.payDisabled')}
                          </Typography>
                        </Stack>
                      )
                    ) : (
                      <SandboxPaymentForm
                        migrationId={created.migrationId}
                        amount={created.subscriptionAmount}
                        currency={created.currency}
                        consented={clientSecret !== null}
                      />
                    )}
                  </>
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Stack>
    </ShopLayout>
  )
}
