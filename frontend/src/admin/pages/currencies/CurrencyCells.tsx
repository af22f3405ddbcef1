import { Box, Button, Stack, TextField, Tooltip, Typography } from '@mui/material'
import SaveIcon from '@mui/icons-material/SaveOutlined'
import { BASE, type Currency } from './currencyText'
import type { CurrencyDraft } from './useCurrencyDrafts'

const SYMBOL = {
  width: 40,
  height: 40,
  borderRadius: 2,
  bgcolor: 'action.hover',
  display: 'grid',
  placeItems: 'center',
  fontWeight: 700,
}

/** The Currency column: its symbol in a tile, its code over its name (and whether it is the base). */
export function CurrencyNameCell({ currency }: { currency: Currency }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center' }}
      data-testid={`currency-row-${currency.code}`}
    >
      <Box sx={SYMBOL}>{currency.symbol}</Box>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{currency.code}</Typography>
        <Typography variant="body2" color="text.secondary">
          {currency.name}
          {currency.code === BASE ? ' · base currency' : ''}
        </Typography>
      </Box>
    </Stack>
  )
}

/** The Surcharge (%) column: the draft's value and its refusal (the base currency's is fixed). */
export function SurchargeCell(props: {
  currency: Currency
  draft: CurrencyDraft
  onChange: (surcharge: string) => void
}) {
  const { currency, draft } = props
  return (
    <TextField
      type="number"
      size="small"
      value={draft.surcharge}
      disabled={currency.code === BASE}
      onChange={(e) => props.onChange(e.target.value)}
      error={Boolean(draft.error)}
      helperText={draft.error}
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
  )
}

/** The Actions column: the row's Save (disabled, and said why, for the base currency). */
export function SaveCurrencyCell({ currency, onSave }: { currency: Currency; onSave: () => void }) {
  return (
    <Tooltip title={currency.code === BASE ? 'The base currency cannot be changed' : ''}>
      <span>
        <Button
          variant="outlined"
          size="small"
          startIcon={<SaveIcon />}
          disabled={currency.code === BASE}
          onClick={onSave}
          data-testid={`save-currency-${currency.code}`}
        >
          Save
        </Button>
      </span>
    </Tooltip>
  )
}
