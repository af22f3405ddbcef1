import { useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { Box, Button, Card, CardContent, Typography } from '@mui/material'
import { OutlinedTextField } from '../../common/OutlinedTextField'
import { InAppLink, LockIcon, stackSx } from '../components/firstPage'
import { typedBeforeStart } from '../../common/typedBeforeStart'
import { api, errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { ShopLayout } from '../components/ShopLayout'
import { LazyAlert as Alert } from '../../common/LazyAlert'
import { DateOfBirthField } from '../components/DateOfBirthField'
import { INCOMPLETE_DATE, INVALID_DATE, dobFromQuery, readDob, type DobError } from '../dateOfBirth'
import { signedIn } from '../signedIn'
import { useShopText } from '../i18n/useShopText'
import { saveMemberLanguage, useLanguage } from '../i18n/LanguageProvider'
import type { Language } from '../../../../shared_data/languages'
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * After a successful login: wait 0.3 s, check the session, then go to the dashboard. The sign-in
 * page's toasts (an earlier error) do not follow the member there.
 */
async function confirmSession(language: Language): Promise<boolean> {
  await wait(300)
  const session = await api.get('/api/auth/session')
  if (session.authenticated !== true) return false
  signedIn.mark()
  // The member's emails and PDFs follow the language they signed in with.
  saveMemberLanguage(language)
  return true
}

export function LoginPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const sessionExpired = Boolean(
    (useLocation().state as { sessionExpired?: boolean } | null)?.sessionExpired
  )
  const { t } = useShopText()
  return (
    <ShopLayout maxWidth="sm">
      <Card sx={{ p: { xs: 1, sm: 2 } }}>
        <CardContent>
          <Box sx={{ ...stackSx(1.5, 'row'), alignItems: 'center', mb: 3 }}>
            <LockIcon />
            <Typography variant="h5" component="h1">
              {t(token ? 'title.loginToken' : 'title.login')}
            </Typography>
          </Box>
          {sessionExpired ? (
            <Alert severity="info" role="alert" sx={{ mb: 3 }} data-testid="session-expired">
              {t('session.expired')}
            </Alert>
          ) : null}
          {token ? <TokenLoginForm token={token} /> : <MemberLoginForm />}
        </CardContent>
      </Card>
    </ShopLayout>
  )
}

function MemberLoginForm() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const toast = useToast()
  const { t } = useShopText()
  const { language } = useLanguage()
  const [memberId, setMemberId] = useState(
    () => params.get('memberId') ?? typedBeforeStart('member-id-input') ?? ''
  )
  const [dob, setDob] = useState(() =>
    dobFromQuery(params.get('dob') ?? typedBeforeStart('dob-input'))
  )
  const [dobError, setDobError] = useState<DobError | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The reason stays on the form (role="alert") after the 4-second toast is gone; that alert is
  // what a screen reader announces, the toast is not announced a second time.
  const failed = (message: string) => {
    setFormError(message)
    toast.error(message, { announce: 'off' })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    if (!memberId.trim() || !dob) {
      setFormError(t('login.missingFields'))
      return
    }
    const reading = readDob(dob)
    if (reading.state !== 'valid') {
      setDobError(reading.state === 'invalid' ? INVALID_DATE : INCOMPLETE_DATE)
      return
    }
    setBusy(true)
    try {
      await api.post('/api/auth/login', {
        body: { memberId: memberId.trim(), dateOfBirth: reading.iso },
      })
      if (await confirmSession(language)) {
        toast.dismissAll()
        navigate('/shop/dashboard')
      } else failed(t('login.sessionFailed'))
    } catch (error) {
      failed(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('login.intro')}
      </Typography>
      <Box sx={stackSx(2.5)}>
        <OutlinedTextField
          label={t('login.memberId')}
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
          required
          fullWidth
          autoFocus
          // Member IDs are read whatever their case; phones should not capitalise the first letter only.
          slotProps={{
            htmlInput: {
              'data-testid': 'member-id-input',
              'maxLength': 64,
              'autoCapitalize': 'characters',
              'autoCorrect': 'off',
              'spellCheck': false,
            },
          }}
        />
        <DateOfBirthField
          value={dob}
          error={dobError}
          onChange={(value, error) => {
            setDob(value)
            setDobError(error)
          }}
          onBlurError={setDobError}
        />
        {formError ? (
          <Alert severity="error" role="alert" data-testid="login-error">
            {formError}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          data-testid="login-button"
        >
          {t(busy ? 'login.signingIn' : 'login.signIn')}
        </Button>
      </Box>
    </Box>
  )
}

function TokenLoginForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const next = useSearchParams()[0].get('next')
  const toast = useToast()
  const { t } = useShopText()
  const { language } = useLanguage()
  const maxYear = new Date().getFullYear()
  const [birthYear, setBirthYear] = useState(() => typedBeforeStart('birth-year-input') ?? '')
  const [error, setError] = useState<string | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const failed = (message: string) => {
    setServerError(message)
    toast.error(message, { announce: 'off' })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setServerError(null)
    const year = Number(birthYear)
    if (!birthYear || !Number.isInteger(year) || year < 1900 || year > maxYear) {
      setError(t('login.birthYearError', { maxYear: String(maxYear) }))
      return
    }
    setError(null)
    setBusy(true)
    try {
      const result = await api.post('/api/auth/validate-token', {
        body: { token, birthYear: year },
      })
      toast.dismissAll()
      toast.success(t('login.welcome', { name: result.member.name }))
      // A dunning email's Pay-now link (next=pay) opens the member area, where the failed installment is paid.
      if (await confirmSession(language))
        navigate(next === 'pay' ? '/shop/already-migrated' : '/shop/dashboard')
      else failed(t('login.sessionFailed'))
    } catch (failure) {
      failed(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('login.tokenIntro')}
      </Typography>
      <Box sx={stackSx(2.5)}>
        <OutlinedTextField
          label={t('login.birthYear')}
          type="number"
          value={birthYear}
          required
          fullWidth
          autoFocus
          error={Boolean(error)}
          helperText={error ?? ' '}
          onChange={(event) => setBirthYear(event.target.value)}
          slotProps={{
            htmlInput: { 'min': 1900, 'max': maxYear, 'data-testid': 'birth-year-input' },
          }}
        />
        {serverError ? (
          <Alert severity="error" role="alert" data-testid="login-error">
            {serverError}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          data-testid="token-login-button"
        >
          {t(busy ? 'login.checking' : 'login.continue')}
        </Button>
        <InAppLink to="/shop/login" sx={{ textAlign: 'center' }}>
          {t('login.useMemberId')}
        </InAppLink>
      </Box>
    </Box>
  )
}
