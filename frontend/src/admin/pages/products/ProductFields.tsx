/** A product card's inputs and what their values show (products/ProductCard.tsx holds the form and saves it). */
import { BooleanInput, CheckboxGroupInput, TextInput } from 'react-admin'
import { useWatch } from 'react-hook-form'
import { Alert, Box, CardContent, Chip, Divider, Stack, Typography } from '@mui/material'
import type { ApiAnswer } from '../../../common/api_contract'
import { localIsoDateTime } from '../../../common/format'
import { DateFormatInput } from '../../components/DateFormatInput'

export type Product = ApiAnswer<'/api/admin/products', 'get'>[number]
type Frequencies = Product['subscription_frequencies']

const FREQUENCIES: { id: keyof Frequencies; name: string }[] = [
  { id: 'disabled', name: 'One-time payment' },
  { id: 'monthly', name: 'Monthly' },
  { id: 'quarterly', name: 'Quarterly' },
  { id: 'semi-annual', name: 'Semi-annual' },
  { id: 'annual', name: 'Annual' },
]

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const UUID_HINT = 'Invalid UUID format. Expected format: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'
const PLAN_ID_NOTE = 'The plan id is required for automated enrolment after payment.'
const START_WARNING =
  'You have enabled "Enforce Fixed Start Date" but haven\'t set a date. Please specify a fixed start date or disable the enforcement.'
const END_WARNING =
  'You have enabled "Enforce Fixed End Date" but haven\'t set a date. Please specify a fixed end date or disable the enforcement.'

/** Today in the browser's calendar (toISOString alone gives the UTC date): the end-date minimum without a start date. */
const todayIso = () => localIsoDateTime().slice(0, 10)

function Header({ name }: { name: string | null }) {
  const [alias, disabled] = useWatch({ name: ['product_alias', 'disabled'] })
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1, gap: 1 }}
    >
      <Box>
        <Typography variant="h6" component="h2">
          {name}
        </Typography>
        {alias ? (
          <Typography color="text.secondary" variant="body2">
            Shown to members as {alias}
          </Typography>
        ) : null}
      </Box>
      <Chip
        size="small"
        label={disabled ? 'Disabled' : 'Active'}
        color={disabled ? 'default' : 'success'}
        variant={disabled ? 'outlined' : 'filled'}
        sx={disabled ? undefined : { bgcolor: 'success.dark' }}
      />
    </Stack>
  )
}

/** The card's inputs and what their values show: the dates' warnings, the plan id's UUID hint (it never blocks saving, spec §8). */
export function ProductFields({
  name,
  storedEnd,
}: {
  name: string | null
  storedEnd: string | null
}) {
  // The end-date minimum is the fixed start date, or today if none (spec §5); a stored past end date stays savable.
  const minEnd = (end: string, values: Record<string, any>) =>
    ISO_DATE.test(values.fixed_start_date ?? '')
      ? values.fixed_start_date
      : end !== storedEnd
        ? todayIso()
        : undefined
  const [start, end, enforceStart, enforceEnd] = useWatch({
    name: [
      'fixed_start_date',
      'fixed_end_date',
      'enforce_fixed_start_date',
      'enforce_fixed_end_date',
    ],
  })
  const planId = useWatch({ name: 'plan_id' }) as string | null
  const invalid = Boolean(planId) && !UUID.test(planId!.trim())
  const row = {
    direction: { xs: 'column', sm: 'row' },
    spacing: { sm: 2 },
    sx: { alignItems: { sm: 'flex-start' } },
  } as const
  return (
    <CardContent sx={{ flexGrow: 1 }}>
      <Header name={name} />
      <BooleanInput
        source="disabled"
        label="Product disabled (members cannot log in)"
        helperText={false}
        color="error"
        options={{ slotProps: { input: { 'data-testid': 'product-disabled' } as object } }}
      />
      <Divider sx={{ my: 2 }} />
      <CheckboxGroupInput
        source="subscription_frequencies"
        label="Payment frequencies"
        choices={FREQUENCIES}
        helperText={false}
        format={(flags?: Frequencies) =>
          FREQUENCIES.filter((choice) => flags?.[choice.id]).map((choice) => choice.id)
        }
        parse={(ids: string[]) =>
          Object.fromEntries(FREQUENCIES.map((choice) => [choice.id, ids.includes(choice.id)]))
        }
      />
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Fixed coverage dates
      </Typography>
      <Stack {...row}>
        <DateFormatInput
          source="fixed_start_date"
          label="Fixed start date"
          testId="fixed-start-date"
          sx={{ minWidth: 200 }}
        />
        <BooleanInput
          source="enforce_fixed_start_date"
          label="Enforce fixed start date"
          helperText={false}
          sx={{ mt: { sm: 1 } }}
          options={{ slotProps: { input: { 'data-testid': 'enforce-start' } as object } }}
        />
      </Stack>
      {enforceStart && !start ? (
        <Alert severity="warning" data-testid="start-warning" sx={{ mb: 2 }}>
          {START_WARNING}
        </Alert>
      ) : null}
      <Stack {...row}>
        <DateFormatInput
          source="fixed_end_date"
          label="Fixed end date"
          minDate={minEnd}
          testId="fixed-end-date"
          sx={{ minWidth: 200 }}
        />
        <BooleanInput
          source="enforce_fixed_end_date"
          label="Enforce fixed end date"
          helperText={false}
          sx={{ mt: { sm: 1 } }}
          options={{ slotProps: { input: { 'data-testid': 'enforce-end' } as object } }}
        />
      </Stack>
      {enforceEnd && !end ? (
        <Alert severity="warning" data-testid="end-warning">
          {END_WARNING}
        </Alert>
      ) : null}
      <Divider sx={{ my: 2 }} />
      <TextInput
        source="product_alias"
        label="Product alias"
        helperText="Name shown to members for the new coverage"
        fullWidth
      />
      <TextInput
        source="plan_id"
        label="Plan ID"
        fullWidth
        helperText={
          <Stack component="span">
            {invalid ? (
              <Box component="span" sx={{ color: 'error.main' }} data-testid="plan-id-hint">
                {UUID_HINT}
              </Box>
            ) : null}
            <span data-testid="plan-id-note">{PLAN_ID_NOTE}</span>
          </Stack>
        }
        slotProps={{
          htmlInput: {
            'data-testid': 'plan-id',
            'spellCheck': false,
            'style': { fontFamily: 'monospace' },
          },
        }}
      />
    </CardContent>
  )
}
