import { useEffect, useState } from 'react'
import { DataTable, useListContext, useUpdate } from 'react-admin'
import { Box, Button, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material'
import SaveIcon from '@mui/icons-material/SaveOutlined'
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { BASE, parseSurcharge, type Currency } from './currencyText'
import { useAdminTools } from '../../components/useAdminTools'

type Draft = { enabled: boolean; surcharge: string; error?: string }
const draftOf = (currency: Currency): Draft => ({
  enabled: currency.enabled,
  surcharge: String(currency.surcharge_percentage),
})
const Col = DataTable.Col<Currency>

/** The table: edits are local until saved per currency; an out-of-range surcharge is refused on its field. */
export function CurrencyTable() {
  const { toast, refresh, handleError } = useAdminTools()
  const [update] = useUpdate<Currency>()
  const { data, meta } = useListContext<Currency>()
  const [drafts, setDrafts] = useState<Record<number, Draft>>({})
  useEffect(() => setDrafts({}), [data]) // a reload (after every save) starts again from the stored values
  const draftFor = (currency: Currency) => drafts[currency.id] ?? draftOf(currency)
  const dirty = (data ?? []).some(
    (currency) =>
      drafts[currency.id] &&
      JSON.stringify(drafts[currency.id]) !== JSON.stringify(draftOf(currency))
  )
  useWarnWhenDirty(dirty)
  const rates = (meta?.exchangeRates ?? {}) as Record<string, number>

  const save = (currency: Currency) => {
    const draft = draftFor(currency)
    const surcharge = parseSurcharge(draft.surcharge)
    if (surcharge.error) return setDraft(currency, { error: surcharge.error })
    const data = { enabled: draft.enabled, surcharge_percentage: surcharge.value }
    const onSuccess = () => toast.success(`Currency ${currency.code} updated successfully`)
    // After a failed save too, the list is reloaded (spec §4).
    const settle = {
      onSuccess,
      onError: (error: unknown) => handleError(error),
      onSettled: refresh,
    }
    update('currencies', { id: currency.id, data, previousData: currency }, settle)
  }

  const setDraft = (currency: Currency, changes: Partial<Draft>) =>
    setDrafts((all) => ({
      ...all,
      [currency.id]: { ...(all[currency.id] ?? draftOf(currency)), error: undefined, ...changes },
    }))

  return (
    <DataTable bulkActionButtons={false} rowClick={false} rowSx={() => ({})}>
      <Col
        source="code"
        label="Currency"
        render={(currency) => (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center' }}
            data-testid={`currency-row-${currency.code}`}
          >
            <Box
              sx={{
                width: 40,
                height: 40,
                borderRadius: 2,
                bgcolor: 'action.hover',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
              }}
            >
              {currency.symbol}
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{currency.code}</Typography>
              <Typography variant="body2" color="text.secondary">
                {currency.name}
                {currency.code === BASE ? ' · base currency' : ''}
              </Typography>
            </Box>
          </Stack>
        )}
      />
      <Col
        label="Rate per USD"
        align="right"
        render={(currency) => (rates[currency.code] ? rates[currency.code].toFixed(4) : '—')}
        cellSx={() => ({ fontFamily: 'monospace' })}
      />
      <Col
        label="Effective rate"
        align="right"
        render={(currency) => {
          const surcharge = parseSurcharge(draftFor(currency).surcharge)
          const rate = rates[currency.code]
          return rate && !surcharge.error ? (rate * (1 + surcharge.value / 100)).toFixed(4) : '—'
        }}
        cellSx={() => ({ fontFamily: 'monospace' })}
      />
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
          <TextField
            type="number"
            size="small"
            value={draftFor(currency).surcharge}
            disabled={currency.code === BASE}
            onChange={(e) => setDraft(currency, { surcharge: e.target.value })}
            error={Boolean(draftFor(currency).error)}
            helperText={draftFor(currency).error}
            slotProps={{
              htmlInput: {
                'min': 0,
                'max': 100,
                'step': 0.01,
                'aria-label': `${currency.code} surcharge`,
                'data-testid': `surcharge-${currency.code}`,
              },
            }}
            sx={{ width: 170 }}
          />
        )}
      />
      <Col
        label="Actions"
        align="right"
        render={(currency) => (
          <Tooltip title={currency.code === BASE ? 'The base currency cannot be changed' : ''}>
            <span>
              <Button
                variant="outlined"
                size="small"
                startIcon={<SaveIcon />}
                disabled={currency.code === BASE}
                onClick={() => save(currency)}
                data-testid={`save-currency-${currency.code}`}
              >
                Save
              </Button>
            </span>
          </Tooltip>
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
