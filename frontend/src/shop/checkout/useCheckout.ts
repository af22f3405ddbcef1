import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { loadSelection, type SavedSelection } from '../selection'
import { shopApi, type CreatedMigration, type PaymentsConfig } from '../shopApi'
import { isSessionEnd } from '../memberSession'
import { useShopText } from '../i18n/useShopText'

/** A random key for one checkout page visit (getRandomValues works outside secure contexts too). */
function newCheckoutKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0')
  ).join('')
}

/**
 * Checkout's start: without a saved selection, "No selection found" and back to /shop/select;
 * otherwise creates the migration (the server recomputes the price) and reads which payment
 * provider is active. A failure is a toast and back to /shop/select. A blocked member (e.g. the
 * back button after paying) goes to /shop/already-migrated without a word about the selection;
 * `?migration_id=` resumes the member's open checkout (the one another tab started).
 * The visit's idempotency key
 * goes with the create request, so a repeated request (a double mount, a retry) gets the same
 * checkout back instead of withdrawing it (docs/shop.md).
 */
export function useCheckout() {
  const navigate = useNavigate()
  const toast = useToast()
  const { t } = useShopText()
  const [selection] = useState<SavedSelection | null>(() => loadSelection())
  const [created, setCreated] = useState<CreatedMigration | null>(null)
  const [config, setConfig] = useState<PaymentsConfig | null>(null)
  const [checkoutKey] = useState(newCheckoutKey)
  const started = useRef(false)
  const [params] = useSearchParams()
  const resumeId = Number(params.get('migration_id')) || null
  // Renew in the member area: the renewal is not blocked by the migration it renews.
  const renewalOf = Number(params.get('renewalOf')) || null

  const fail = (error: unknown) => {
    if (isSessionEnd(error)) return
    toast.error(errorMessage(error))
    navigate('/shop/select', { replace: true })
  }

  useEffect(() => {
    if (started.current) return
    started.current = true
    shopApi.migrationStatus().then((status) => {
      if (renewalOf) renew(renewalOf)
      else if (status.blocked) navigate('/shop/already-migrated', { replace: true })
      else if (resumeId)
        Promise.all([shopApi.resumeCheckout(resumeId), shopApi.paymentsConfig()]).then(
          ([migration, payments]) => {
            setCreated(migration)
            setConfig(payments)
          },
          fail
        )
      else start()
    }, fail)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const start = () => {
    if (!selection) {
      toast.error(t('checkout.noSelection'))
      navigate('/shop/select', { replace: true })
      return
    }
    const { pricing: _pricing, ...request } = selection
    Promise.all([
      shopApi.create({ ...request, idempotencyKey: checkoutKey }),
      shopApi.paymentsConfig(),
    ])
      .then(([migration, payments]) => {
        setCreated(migration)
        setConfig(payments)
      })
      .catch(fail)
  }

  /** The renewal's selection is the server's (GET /member/renewal); the server prices it from the end date. */
  const renew = (migrationId: number) => {
    shopApi
      .renewal()
      .then((answer) => {
        if (!answer.renewal || answer.renewal.migrationId !== migrationId) {
          navigate('/shop/already-migrated', { replace: true })
          return
        }
        const { memberIds, durationType, paymentFrequency, currency } = answer.renewal.selection
        return Promise.all([
          shopApi.create({
            memberIds,
            durationType: durationType as SavedSelection['durationType'],
            paymentFrequency: paymentFrequency as SavedSelection['paymentFrequency'],
            currency,
            renewalOf: migrationId,
            idempotencyKey: checkoutKey,
          }),
          shopApi.paymentsConfig(),
        ]).then(([migration, payments]) => {
          setCreated(migration)
          setConfig(payments)
        })
      })
      .catch(fail)
  }

  return { selection, created, config, resumed: resumeId !== null || renewalOf !== null }
}
