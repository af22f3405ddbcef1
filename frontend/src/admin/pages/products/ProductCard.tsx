import { useState } from 'react'
import { Alert, Box, Button, Card, CardActions, CardContent, Checkbox, Chip, Divider, FormControlLabel, FormGroup, Stack, Switch, TextField, Typography } from '@mui/material'
import SaveIcon from '@mui/icons-material/SaveOutlined'
import { HistoryPanel } from '../../audit/HistoryPanel'

export interface Frequencies {
  'disabled': boolean
  'monthly': boolean
  'quarterly': boolean
  'semi-annual': boolean
  'annual': boolean
}

export interface Product {
  id: number
  product_name: string
  product_alias: string | null
  plan_id: string | null
  disabled: boolean
  subscription_frequencies: Frequencies
  fixed_start_date: string | null
  fixed_end_date: string | null
  enforce_fixed_start_date: boolean
  enforce_fixed_end_date: boolean
}

const FREQUENCY_LABELS: [keyof Frequencies, string][] = [
  ['disabled', 'One-time payment'],
  ['monthly', 'Monthly'],
  ['quarterly', 'Quarterly'],
  ['semi-annual', 'Semi-annual'],
  ['annual', 'Annual'],
]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const UUID_HINT = 'Invalid UUID format. Expected format: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'
export const PLAN_ID_NOTE = 'The plan id is required for automated enrolment after payment.'
export const START_WARNING = 'You have enabled "Enforce Fixed Start Date" but haven\'t set a date. Please specify a fixed start date or disable the enforcement.'
export const END_WARNING = 'You have enabled "Enforce Fixed End Date" but haven\'t set a date. Please specify a fixed end date or disable the enforcement.'

/** Today in the browser's calendar (toISOString would give the UTC date): the end-date minimum without a start date. */
function todayIso() {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}
/** Dates arrive as YYYY-MM-DD (or longer ISO strings): the date inputs need exactly YYYY-MM-DD. */
const trimDate = (value: string | null) => (value ? value.slice(0, 10) : '')

/** One product's subscription settings; edits stay local until Save Changes. */
export function ProductCard({ product, onSave }: { product: Product; onSave: (draft: Product) => Promise<void> }) {
  const [draft, setDraft] = useState<Product>({ ...product, fixed_start_date: trimDate(product.fixed_start_date), fixed_end_date: trimDate(product.fixed_end_date) })
  const [saving, setSaving] = useState(false)
  const set = (changes: Partial<Product>) => setDraft((current) => ({ ...current, ...changes }))
  const planIdInvalid = Boolean(draft.plan_id) && !UUID.test(draft.plan_id!.trim())

  const save = async () => {
    setSaving(true)
    try {
      await onSave(draft)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card data-testid={`product-card-${product.id}`} sx={{ display: 'flex', flexDirection: 'column', }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2, gap: 1 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {product.product_name}
            </Typography>
            {draft.product_alias ? <Typography color="text.secondary" variant="body2">Shown to members as {draft.product_alias}</Typography> : null}
          </Box>
          <Chip size="small" label={draft.disabled ? 'Disabled' : 'Active'} color={draft.disabled ? 'default' : 'success'} variant={draft.disabled ? 'outlined' : 'filled'} />
        </Stack>

        <FormControlLabel
          control={<Switch checked={draft.disabled} onChange={(e) => set({ disabled: e.target.checked })} color="error" slotProps={{ input: { 'data-testid': 'product-disabled' } as object }} />}
          label="Product disabled (members cannot log in)"
        />

        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Payment frequencies
        </Typography>
        <FormGroup row>
          {FREQUENCY_LABELS.map(([key, label]) => (
            <FormControlLabel
              key={key}
              label={label}
              control={<Checkbox size="small" checked={draft.subscription_frequencies[key]} onChange={(e) => set({ subscription_frequencies: { ...draft.subscription_frequencies, [key]: e.target.checked } })} />}
            />
          ))}
        </FormGroup>

        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Fixed coverage dates
        </Typography>
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField label="Fixed start date" type="date" size="small" value={draft.fixed_start_date ?? ''} onChange={(e) => set({ fixed_start_date: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'fixed-start-date' } }} sx={{ minWidth: 190 }} />
            <FormControlLabel control={<Switch checked={draft.enforce_fixed_start_date} onChange={(e) => set({ enforce_fixed_start_date: e.target.checked })} slotProps={{ input: { 'data-testid': 'enforce-start' } as object }} />} label="Enforce fixed start date" />
          </Stack>
          {draft.enforce_fixed_start_date && !draft.fixed_start_date ? <Alert severity="warning" data-testid="start-warning">{START_WARNING}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField label="Fixed end date" type="date" size="small" value={draft.fixed_end_date ?? ''} onChange={(e) => set({ fixed_end_date: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.fixed_start_date || todayIso(), 'data-testid': 'fixed-end-date' } }} sx={{ minWidth: 190 }} />
            <FormControlLabel control={<Switch checked={draft.enforce_fixed_end_date} onChange={(e) => set({ enforce_fixed_end_date: e.target.checked })} slotProps={{ input: { 'data-testid': 'enforce-end' } as object }} />} label="Enforce fixed end date" />
          </Stack>
          {draft.enforce_fixed_end_date && !draft.fixed_end_date ? <Alert severity="warning" data-testid="end-warning">{END_WARNING}</Alert> : null}
        </Stack>

        <Divider sx={{ my: 2 }} />
        <Stack spacing={2}>
          <TextField label="Product alias" size="small" value={draft.product_alias ?? ''} onChange={(e) => set({ product_alias: e.target.value })} helperText="Name shown to members for the new coverage" fullWidth />
          <TextField
            label="Plan ID"
            size="small"
            value={draft.plan_id ?? ''}
            onChange={(e) => set({ plan_id: e.target.value })}
            error={planIdInvalid}
            helperText={
              <>
                {planIdInvalid ? (
                  <Box component="span" sx={{ display: 'block' }} data-testid="plan-id-hint">
                    {UUID_HINT}
                  </Box>
                ) : null}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }} data-testid="plan-id-note">
                  {PLAN_ID_NOTE}
                </Box>
              </>
            }
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'plan-id', spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <HistoryPanel entityType="product" entityId={product.id} variant="button" />
        <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving} data-testid="product-save">
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </CardActions>
    </Card>
  )
}
