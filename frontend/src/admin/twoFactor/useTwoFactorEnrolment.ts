import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../common/api'
import type { ApiAnswer, ApiBody } from '../../common/api_contract'
import { useAttempt } from './useAttempt'

export type TotpStart = ApiAnswer<'/api/admin/two-factor/totp', 'post'>
type PasskeyAnswer = ApiBody<'/api/admin/two-factor/passkeys', 'post'>['credential']

/**
 * The administrator's factors and the enrolment steps: start and confirm an authenticator app, add
 * a passkey. One step runs at a time (`busy`); its failure is `error`; the first factor's recovery
 * codes are kept to be shown once.
 */
export function useTwoFactorEnrolment() {
  const queryClient = useQueryClient()
  const status = useQuery({
    queryKey: ['two-factor'],
    queryFn: () => api.get('/api/admin/two-factor'),
  })
  const [totp, setTotp] = useState<TotpStart | null>(null)
  const { error, busy, attempt } = useAttempt()
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const enrolled = async (answer: { recovery_codes: string[] }) => {
    setTotp(null)
    setRecoveryCodes(answer.recovery_codes.length > 0 ? answer.recovery_codes : null)
    await queryClient.invalidateQueries({ queryKey: ['two-factor'] })
  }

  const startTotp = () => attempt(async () => setTotp(await api.post('/api/admin/two-factor/totp')))
  const confirmTotp = (code: string) =>
    attempt(async () =>
      enrolled(
        await api.post('/api/admin/two-factor/totp/confirm', { body: { code: code.trim() } })
      )
    )
  const addPasskey = () =>
    attempt(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser')
      const { options } = await api.post('/api/admin/two-factor/passkeys/options')
      // @simplewebauthn/server's options, passed through: documented as an open object (remains untyped).
      const optionsJSON = options as unknown as Parameters<
        typeof startRegistration
      >[0]['optionsJSON']
      const credential = await startRegistration({ optionsJSON }).catch(() => {
        throw new Error('No passkey was created. Try again or set up an authenticator app.')
      })
      await enrolled(
        await api.post('/api/admin/two-factor/passkeys', {
          // @simplewebauthn/browser's answer: its interfaces have no index signature for the open parts.
          body: { credential: credential as unknown as PasskeyAnswer },
        })
      )
    })

  return { status, totp, error, busy, recoveryCodes, startTotp, confirmTotp, addPasskey }
}
