import { useEffect, useState } from 'react'
import { useListContext, useUpdate } from 'react-admin'
import { useAdminTools } from '../../components/useAdminTools'
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty'
import { parseSurcharge, type Currency } from './currencyText'

/** A row's edits before its Save: the enabled flag, the surcharge as typed, and its refusal. */
export type CurrencyDraft = { enabled: boolean; surcharge: string; error?: string }

const draftOf = (currency: Currency): CurrencyDraft => ({
  enabled: currency.enabled,
  surcharge: String(currency.surcharge_percentage),
})

/**
 * The table's edits, local until saved per currency (leaving with any unsaved asks first); an
 * out-of-range surcharge is refused on its field instead of being sent.
 */
export function useCurrencyDrafts() {
  const { toast, refresh, handleError } = useAdminTools()
  const [update] = useUpdate<Currency>()
  const { data } = useListContext<Currency>()
  const [drafts, setDrafts] = useState<Record<number, CurrencyDraft>>({})
  useEffect(() => setDrafts({}), [data]) // a reload (after every save) starts again from the stored values
  const draftFor = (currency: Currency) => drafts[currency.id] ?? draftOf(currency)
  const dirty = (data ?? []).some(
    (currency) =>
      drafts[currency.id] &&
      JSON.stringify(drafts[currency.id]) !== JSON.stringify(draftOf(currency))
  )
  useWarnWhenDirty(dirty)

  const setDraft = (currency: Currency, changes: Partial<CurrencyDraft>) =>
    setDrafts((all) => ({
      ...all,
      [currency.id]: { ...(all[currency.id] ?? draftOf(currency)), error: undefined, ...changes },
    }))

  const save = (currency: Currency) => {
    const draft = draftFor(currency)
    const surcharge = parseSurcharge(draft.surcharge)
    if (surcharge.error) return setDraft(currency, { error: surcharge.error })
    const values = { enabled: draft.enabled, surcharge_percentage: surcharge.value }
    const onSuccess = () => toast.success(`Currency ${currency.code} updated successfully`)
    // After a failed save too, the list is reloaded (spec §4).
    const settle = {
      onSuccess,
      onError: (error: unknown) => handleError(error),
      onSettled: refresh,
    }
    update('currencies', { id: currency.id, data: values, previousData: currency }, settle)
  }

  return { draftFor, setDraft, save }
}
