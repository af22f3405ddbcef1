import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { loadSelection, type SavedSelection } from '../selection'
import { shopApi, type CreatedMigration, type PaymentsConfig } from '../shopApi'

/**
 * Checkout's start: without a saved selection, "No selection found" and back to /shop/select;
 * otherwise creates the migration (the server recomputes the price) and reads which payment
 * provider is active. A failure is a toast and back to /shop/select.
 */
export function useCheckout() {
  const navigate = useNavigate()
  const toast = useToast()
  const [selection] = useState<SavedSelection | null>(() => loadSelection())
  const [created, setCreated] = useState<CreatedMigration | null>(null)
  const [config, setConfig] = useState<PaymentsConfig | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!selection) {
      toast.error('No selection found')
      navigate('/shop/select', { replace: true })
      return
    }
    const { pricing: _pricing, ...request } = selection
    Promise.all([shopApi.create(request), shopApi.paymentsConfig()])
      .then(([migration, payments]) => {
        setCreated(migration)
        setConfig(payments)
      })
      .catch((error) => {
        toast.error(errorMessage(error))
        navigate('/shop/select', { replace: true })
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return { selection, created, config }
}
