import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { untypedApi } from '../../common/api'
import { useAttempt } from './useAttempt'

interface TwoFactorStatus {
  required: boolean
  totp: boolean
  passkeys: { id: number; created_at: string; last_used_at: string | null }[]
  recovery_codes_left: number
}
export interface TotpStart {
  secret: string
  qr_code: string
}

/**
 * The administrator's factors and the enrolment steps: start and confirm an authenticator app, add
 * a passkey. One step runs at a time (`busy`); its failure is `error`; the first factor's recovery
 * codes are kept to be shown once.
 */
export function useTwoFactorEnrolment() {
  const queryClient = useQueryClient()
  const status = useQuery({
    queryKey: ['two-factor'],
    queryFn: () => untypedApi.get<TwoFactorStatus>('/admin/two-factor'),
  })
  const [totp, setTotp] = useState<TotpStart | null>(null)
  const { error, busy, attempt } = useAttempt()
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const enrolled = async (answer: { recovery_codes: string[] }) => {
    setTotp(null)
    setRecoveryCodes(answer.recovery_codes.length > 0 ? answer.recovery_codes : null)
    await queryClient.invalidateQueries({ queryKey: ['two-factor'] })
  }

  const startTotp = () =>
    attempt(async () => setTotp(await untypedApi.post<TotpStart>('/admin/two-factor/totp')))
  const confirmTotp = (code: string) =>
    attempt(async () =>
      enrolled(await untypedApi.post('/admin/two-factor/totp/confirm', { code: code.trim() }))
    )
  const addPasskey = () =>
    attempt(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser')
      const { options } = await untypedApi.post<{
        options: Parameters<typeof startRegistration>[0]['optionsJSON']
      }>('/admin/two-factor/passkeys/options')
      const credential = await startRegistration({ optionsJSON: options }).catch(() => {
        throw new Error('No passkey was created. Try again or set up an authenticator app.')
      })
      await enrolled(await untypedApi.post('/admin/two-factor/passkeys', { credential }))
    })

  return { status, totp, error, busy, recoveryCodes, startTotp, confirmTotp, addPasskey }
}
