import { DataTable, useListContext } from 'react-admin'
import { Switch } from '@mui/material'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { CurrencyNameCell, SaveCurrencyCell, SurchargeCell } from './CurrencyCells'
import { BASE, parseSurcharge, type Currency } from './currencyText'
import { useCurrencyDrafts } from './useCurrencyDrafts'

const Col = DataTable.Col<Currency>
const MONOSPACE = () => ({ fontFamily: 'monospace' })

/** The table: edits are local until saved per currency; an out-of-range surcharge is refused on its field. */
export function CurrencyTable() {
  const { meta } = useListContext<Currency>()
  const { draftFor, setDraft, save } = useCurrencyDrafts()
  const rates = (meta?.exchangeRates ?? {}) as Record<string, number>
  const effectiveRate = (currency: Currency) => {
    const surcharge = parseSurcharge(draftFor(currency).surcharge)
    const rate = rates[currency.code]
    return rate && !surcharge.error ? (rate * (1 + surcharge.value / 100)).toFixed(4) : '—'
  }

  return (
    <DataTable bulkActionButtons={false} rowClick={false} rowSx={() => ({})}>
      <Col
        source="code"
        label="Currency"
        render={(currency) => <CurrencyNameCell currency={currency} />}
      />
      <Col
        label="Rate per USD"
        align="right"
        render={(currency) => (rates[currency.code] ? rates[currency.code].toFixed(4) : '—')}
        cellSx={MONOSPACE}
      />
      <Col label="Effective rate" align="right" render={effectiveRate} cellSx={MONOSPACE} />
      <Col
        source="enabled"
        label="Enabled"
        align="center"
        render={(currency) => (
          <Switch
            checked={draftFor(currency).enabled}
            disabled={currency.code === BASE}
            onChange={(e) => setDraft(currency, { enabled: e.target.checked })}
            slotProps={{ input: { 'aria-label': `${currency.code} enabled` } }}
          />
        )}
      />
      <Col
        source="surcharge_percentage"
        label="Surcharge (%)"
        render={(currency) => (
          <SurchargeCell
            currency={currency}
            draft={draftFor(currency)}
            onChange={(surcharge) => setDraft(currency, { surcharge })}
          />
        )}
      />
      <Col
        label="Actions"
        align="right"
        render={(currency) => (
          <SaveCurrencyCell currency={currency} onSave={() => save(currency)} />
        )}
      />
      <Col
        label="History"
        render={(currency) => (
          <HistoryPanel entityType="currency" entityId={currency.id} variant="button" />
        )}
      />
    </DataTable>
  )
}
