import { useState } from 'react'
import { Alert, Box, Checkbox, FormControlLabel, Typography } from '@mui/material'
import { errorCode, errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { shopApi, type CreatedMigration } from '../shopApi'
import { ERROR_CODES } from './ReplacedCheckout'
import { useShopText } from '../i18n/useShopText'
import { useLanguage } from '../i18n/LanguageProvider'

/**
 * The required box before Pay: the server's words for this checkout (conditions,
 * and for installments the authorisation of each charge). Ticking records the consent through
 * its own call; only then is Pay enabled and, with Stripe, the card form's secret handed out.
 */
export function ConsentBox({
  created,
  onConsented,
  onReplaced,
}: {
  created: CreatedMigration
  onConsented: (clientSecret: string) => void
  onReplaced: () => void
}) {
  const toast = useToast()
  const { t, dateTime } = useShopText()
  const { language } = useLanguage()
  const [state, setState] = useState<'open' | 'recording' | 'recorded'>('open')
  const [acceptedAt, setAcceptedAt] = useState<string | null>(null)
  const tick = async (checked: boolean) => {
    if (!checked || state !== 'open') return
    setState('recording')
    try {
      const answer = await shopApi.consent(created.migrationId, {
        textVersion: created.consentTerms.textVersion,
        language,
      })
      setAcceptedAt(dateTime(answer.consent.acceptedAt))
      setState('recorded')
      onConsented(answer.clientSecret)
    } catch (error) {
      if (errorCode(error) === ERROR_CODES.checkoutReplaced) return onReplaced()
      toast.error(errorMessage(error))
      setState('open')
    }
  }
  return (
    <Box data-testid="consent-box" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('consent.title')}
      </Typography>
      <Typography variant="body2" id="consent-text" data-testid="consent-text" sx={{ my: 1 }}>
        {created.consentTerms.text}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={state !== 'open'}
            disabled={state !== 'open'}
            onChange={(event) => tick(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'consent-text' } }}
            data-testid="consent-checkbox"
          />
        }
        label={t(state === 'recording' ? 'consent.recording' : 'consent.checkbox')}
      />
      {state === 'recorded' && acceptedAt ? (
        <Alert severity="success" data-testid="consent-recorded">
          {t('consent.recorded', { time: acceptedAt })}
        </Alert>
      ) : null}
    </Box>
  )
}
