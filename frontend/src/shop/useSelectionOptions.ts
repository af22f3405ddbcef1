import { useEffect, useState } from 'react'
import { errorMessage } from '../common/api'
import { useToast } from '../common/toast'
import { rememberedCurrency } from './selection'
import { shopApi, type Currency, type FrequencySettings } from './shopApi'
import { isSessionEnd } from './memberSession'

/** Currencies and the product's duration/frequency options for the selection screen. */
export function useSelectionOptions() {
  const toast = useToast()
  const [currencies, setCurrencies] = useState<Currency[]>([])
  const [settings, setSettings] = useState<FrequencySettings | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    Promise.all([shopApi.currencies(), shopApi.frequencySettings()])
      .then(([loadedCurrencies, loadedSettings]) => {
        setCurrencies(loadedCurrencies)
        setSettings(loadedSettings)
      })
      .catch((error) => {
        if (isSessionEnd(error)) return
        setFailed(true)
        toast.error(errorMessage(error))
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return { currencies, settings, failed }
}

/** The remembered currency when it is still enabled, else USD, else the first one. */
export function initialCurrency(currencies: Currency[]): string {
  const codes = currencies.map((currency) => currency.code)
  const remembered = rememberedCurrency()
  if (remembered && codes.includes(remembered)) return remembered
  return codes.includes('USD') ? 'USD' : (codes[0] ?? 'USD')
}
