import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Typography,
} from '@mui/material'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import ArrowForwardIcon from '@mui/icons-material/ArrowForward'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { ShopLayout } from '../components/ShopLayout'
import { LogoutButton } from '../components/LogoutButton'
import { Loading } from '../components/Loading'
import { PricingSummary } from '../components/PricingSummary'
import { CoverageSummary, useCoverage } from '../coverage/CoverageSummary'
import { EmailDialog } from '../components/EmailDialog'
import {
  DURATION_LABELS,
  FREQUENCY_LABELS,
  loadSelection,
  rememberCurrency,
  saveSelection,
} from '../selection'
import { shopApi, type DurationType, type Frequency, type PricingResult } from '../shopApi'
import { useMemberDetails } from '../useMemberDetails'
import { isSessionEnd } from '../memberSession'
import { initialCurrency, useSelectionOptions } from '../useSelectionOptions'
import { useShopText } from '../i18n/useShopText'

export function SelectPage() {
  const coverage = useCoverage()
  const navigate = useNavigate()
  const toast = useToast()
  const text = useShopText()
  const { t, date } = text
  const { details, setDetails } = useMemberDetails({ checkBlocked: true })
  const { currencies, settings, failed } = useSelectionOptions()
  // The saved selection is kept for the browser session (member-shop.md §3): back from the
  // checkout or after a reload, the member finds their choices.
  const [saved] = useState(loadSelection)
  const [memberIds, setMemberIds] = useState<number[]>([])
  const [currency, setCurrency] = useState<string | null>(null)
  const [durationType, setDurationType] = useState<DurationType>(
    () => saved?.durationType ?? '12_months'
  )
  const [frequency, setFrequency] = useState<Frequency>(() => saved?.paymentFrequency ?? 'one-time')
  const [pricing, setPricing] = useState<PricingResult | null>(null)
  const [calculating, setCalculating] = useState(false)
  // A failed calculation is kept on screen with a way to retry (attempt re-runs the calculation).
  const [calculationError, setCalculationError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [emailStep, setEmailStep] = useState(false)
  const latestRequest = useRef(0)

  useEffect(() => {
    if (!details) return
    const family = [details.member, ...details.relatedMembers].map((member) => member.id)
    const kept = family.filter(
      (id) => Array.isArray(saved?.memberIds) && saved.memberIds.includes(id)
    )
    setMemberIds(kept.length ? kept : [details.member.id])
  }, [details, saved])
  useEffect(() => {
    if (!currencies.length || currency) return
    const kept = currencies.some((option) => option.code === saved?.currency)
    setCurrency(kept ? saved!.currency : initialCurrency(currencies))
  }, [currencies, currency, saved])

  const durations = settings?.durations ?? []
  // An enforced fixed end date makes the duration fixed_date.
  const availableDurations = settings?.enforceFixedEndDate
    ? durations.filter((option) => option.durationType === 'fixed_date')
    : durations
  const duration = availableDurations.find((option) => option.durationType === durationType) ?? null
  const offered = useMemo(() => duration?.offeredFrequencies ?? [], [duration])

  useEffect(() => {
    if (availableDurations.length && !duration) {
      const preferred =
        availableDurations.find((option) => option.durationType === '12_months') ??
        availableDurations[0]
      setDurationType(preferred.durationType)
    }
  }, [availableDurations, duration])
  // The frequency is forced to the first offered one whenever the current one is not offered.
  useEffect(() => {
    if (offered.length && !offered.includes(frequency)) setFrequency(offered[0])
  }, [offered, frequency])

  const ready = Boolean(currency && duration && offered.includes(frequency))
  useEffect(() => {
    if (!ready || memberIds.length === 0) {
      setPricing(null)
      return
    }
    const requestNumber = ++latestRequest.current
    setCalculating(true)
    setCalculationError(null)
    shopApi
      .calculate({
        memberIds,
        durationType,
        paymentFrequency: frequency,
        currency: currency!,
        fixedEndDate: durationType === 'fixed_date' ? (settings?.fixedEndDate ?? null) : null,
      })
      .then((result) => {
        if (requestNumber !== latestRequest.current) return
        setPricing(result)
        saveSelection({
          memberIds,
          durationType,
          paymentFrequency: frequency,
          currency: currency!,
          pricing: result,
        })
      })
      .catch((error) => {
        if (requestNumber !== latestRequest.current) return
        setPricing(null)
        if (isSessionEnd(error)) return
        setCalculationError(errorMessage(error))
        toast.error(errorMessage(error))
      })
      .finally(() => requestNumber === latestRequest.current && setCalculating(false))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, memberIds, durationType, frequency, currency, attempt])

  if (failed) {
    // The toast said why; the member is not left in front of a spinner.
    return (
      <ShopLayout>
        <Alert
          severity="error"
          data-testid="options-failed"
          action={
            <Button color="inherit" onClick={() => window.location.reload()}>
              {t('common.tryAgain')}
            </Button>
          }
        >
          {t('select.optionsFailed')}
        </Alert>
      </ShopLayout>
    )
  }
  if (!details || !settings) return <Loading />
  const family = [details.member, ...details.relatedMembers]

  const toggleMember = (id: number) => {
    const next = memberIds.includes(id)
      ? memberIds.filter((memberId) => memberId !== id)
      : [...memberIds, id]
    if (next.length === 0) toast.warning(t('select.atLeastOne'))
    setMemberIds(family.map((member) => member.id).filter((memberId) => next.includes(memberId)))
  }
  const chooseCurrency = (code: string) => {
    setCurrency(code)
    rememberCurrency(code)
  }
  const proceed = () => {
    if (memberIds.length === 0) return toast.warning(t('select.atLeastOne'))
    if (!pricing || !currency) return
    // Nobody would receive the documents: an email address is a step before payment.
    if (!details.member.email) return setEmailStep(true)
    saveSelection({ memberIds, durationType, paymentFrequency: frequency, currency, pricing })
    // A full page load: the checkout page's own Content-Security-Policy (the only one that
    // may allow Stripe) applies to a document, not to a client-side navigation.
    window.location.assign('/shop/checkout')
  }

  return (
    <ShopLayout maxWidth="lg" actions={<LogoutButton />}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1">
            {t('select.heading')}
          </Typography>
          <Typography color="text.secondary">{t('select.intro')}</Typography>
        </Box>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={3}>
              <Card>
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {t('select.members')}
                  </Typography>
                  <Stack>
                    {family.map((member) => (
                      <FormControlLabel
                        key={member.id}
                        control={
                          <Checkbox
                            checked={memberIds.includes(member.id)}
                            onChange={() => toggleMember(member.id)}
                            slotProps={{
                              input: { 'data-testid': `member-${member.member_id}` } as object,
                            }}
                          />
                        }
                        label={
                          <span>
                            {member.insured_full_name}{' '}
                            <Typography component="span" color="text.secondary">
                              · {text.role(member.insured_role)} · {member.member_id}
                            </Typography>
                          </span>
                        }
                      />
                    ))}
                  </Stack>
                  {memberIds.length === 0 ? (
                    <Alert severity="warning" sx={{ mt: 1 }}>
                      {t('select.atLeastOne')}
                    </Alert>
                  ) : null}
                </CardContent>
              </Card>
              <Card>
                <CardContent>
                  <Grid container spacing={3}>
                    <Grid size={{ xs: 12, sm: 6 }}>
                      <FormControl fullWidth>
                        <InputLabel id="currency-label">{t('select.currency')}</InputLabel>
                        <Select
                          labelId="currency-label"
                          label={t('select.currency')}
                          value={currency ?? ''}
                          onChange={(event) => chooseCurrency(event.target.value)}
                          data-testid="currency-select"
                        >
                          {currencies.map((option) => (
                            <MenuItem
                              key={option.code}
                              value={option.code}
                              data-testid={`currency-${option.code}`}
                            >
                              {t('select.currencyOption', {
                                code: option.code,
                                name: text.currencyName(option.code, option.name),
                              })}
                            </MenuItem>
                          ))}
                        </Select>
                      </FormControl>
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                      <FormControl fullWidth>
                        <InputLabel id="duration-label">{t('select.duration')}</InputLabel>
                        <Select
                          labelId="duration-label"
                          label={t('select.duration')}
                          value={duration ? durationType : ''}
                          onChange={(event) => setDurationType(event.target.value as DurationType)}
                          data-testid="duration-select"
                        >
                          {availableDurations.map((option) => (
                            <MenuItem
                              key={option.durationType}
                              value={option.durationType}
                              data-testid={`duration-${option.durationType}`}
                            >
                              {option.durationType === 'fixed_date'
                                ? t('duration.until', { date: date(option.endDate) })
                                : t(DURATION_LABELS[option.durationType])}
                            </MenuItem>
                          ))}
                        </Select>
                      </FormControl>
                      {settings.enforceFixedEndDate ? (
                        <Typography variant="caption" color="text.secondary">
                          {t('select.fixedEnd')}
                        </Typography>
                      ) : null}
                    </Grid>
                  </Grid>
                  <FormControl sx={{ mt: 3 }}>
                    <FormLabel id="frequency-label">{t('select.frequency')}</FormLabel>
                    <RadioGroup
                      aria-labelledby="frequency-label"
                      value={offered.includes(frequency) ? frequency : ''}
                      onChange={(event) => setFrequency(event.target.value as Frequency)}
                    >
                      {offered.map((option) => (
                        <FormControlLabel
                          key={option}
                          value={option}
                          control={
                            <Radio
                              slotProps={{
                                input: { 'data-testid': `frequency-${option}` } as object,
                              }}
                            />
                          }
                          label={
                            <span>
                              {t(FREQUENCY_LABELS[option].label)}{' '}
                              <Typography component="span" variant="body2" color="text.secondary">
                                – {t(FREQUENCY_LABELS[option].description)}
                              </Typography>
                            </span>
                          }
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                </CardContent>
              </Card>
              <CoverageSummary
                coverage={coverage}
                startDate={pricing?.startDate}
                endDate={pricing?.endDate}
              />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card sx={{ position: { md: 'sticky' }, top: 24 }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t('select.pricingSummary')}
                </Typography>
                <PricingSummary
                  pricing={pricing}
                  calculating={calculating}
                  error={calculationError}
                  onRetry={() => setAttempt((count) => count + 1)}
                />
                <Button
                  fullWidth
                  variant="contained"
                  size="large"
                  sx={{ mt: 3 }}
                  endIcon={<ArrowForwardIcon />}
                  disabled={calculating || !pricing || memberIds.length === 0}
                  onClick={proceed}
                  data-testid="continue-checkout"
                >
                  {t('select.continue')}
                </Button>
                <Button
                  fullWidth
                  sx={{ mt: 1 }}
                  startIcon={<ArrowBackIcon />}
                  onClick={() => navigate('/shop/dashboard')}
                >
                  {t('select.back')}
                </Button>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Stack>
      <TotalAnnouncement pricing={calculating ? null : pricing} />
      <StickyTotal pricing={pricing} calculating={calculating} />
      <Box sx={{ height: { xs: 56, md: 0 } }} />
      <EmailDialog
        key={String(emailStep)}
        open={emailStep}
        current={null}
        title="email.stepTitle"
        intro="email.stepIntro"
        saveLabel="email.stepSave"
        onClose={() => setEmailStep(false)}
        onSaved={(saved) => {
          setDetails(saved)
          saveSelection({
            memberIds,
            durationType,
            paymentFrequency: frequency,
            currency: currency!,
            pricing: pricing!,
          })
          navigate('/shop/checkout')
        }}
      />
    </ShopLayout>
  )
}

/**
 * A new total, said once and politely to a screen reader: the region exists from
 * the start and changes only when a calculation has answered.
 */
function TotalAnnouncement({ pricing }: { pricing: PricingResult | null }) {
  const { t, money } = useShopText()
  const [said, setSaid] = useState('')
  useEffect(() => {
    if (pricing)
      setSaid(t('select.newTotal', { amount: money(pricing.totalAmount, pricing.currency) }))
  }, [pricing, t, money])
  return (
    <Box role="status" data-testid="total-announcement" sx={VISUALLY_HIDDEN}>
      {said}
    </Box>
  )
}

// Hidden by clip-path, not overflow: no box on the page clips its content sideways (docs/shop.md).
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  clipPath: 'inset(50%)',
  pointerEvents: 'none',
} as const

/**
 * On phones the pricing card is far below the choices: the total stays in view at the bottom of
 * the screen, so a change is seen where it is made. Toasts sit above it
 * (--toast-bottom, ShopLayout). Hidden from screen readers: TotalAnnouncement says the total.
 */
function StickyTotal({
  pricing,
  calculating,
}: {
  pricing: PricingResult | null
  calculating: boolean
}) {
  const { t, money } = useShopText()
  const bar = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const height = bar.current?.offsetHeight ?? 0
    document.documentElement.style.setProperty('--toast-bottom', `${height}px`)
    return () => {
      document.documentElement.style.removeProperty('--toast-bottom')
    }
  })
  return (
    <Box
      ref={bar}
      aria-hidden
      data-testid="sticky-total"
      sx={{
        display: { xs: 'flex', md: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 10,
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
        boxShadow: '0 -2px 8px rgba(0,0,0,0.15)',
        justifyContent: 'space-between',
        alignItems: 'baseline',
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{t('common.total')}</Typography>
      <Typography
        variant="h6"
        component="span"
        color="primary"
        data-testid="sticky-total-amount"
        sx={{ fontWeight: 700, opacity: calculating ? 0.5 : 1 }}
      >
        {pricing ? money(pricing.totalAmount, pricing.currency) : '–'}
      </Typography>
    </Box>
  )
}
