import { useEffect } from 'react'
import {
  BooleanInput,
  CheckboxGroupInput,
  Form,
  SaveButton,
  TextInput,
  useUpdate,
} from 'react-admin'
import { useFormState, useWatch } from 'react-hook-form'
import {
  Alert,
  Box,
  Card,
  CardActions,
  CardContent,
  Chip,
  Divider,
  Stack,
  Typography,
} from '@mui/material'
import SaveIcon from '@mui/icons-material/SaveOutlined'
import type { ApiAnswer } from '../../../common/api_contract'
import { localIsoDateTime } from '../../../common/format'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { DateFormatInput } from '../../components/DateFormatInput'
import { submissionErrors } from '../../components/formErrors'
import { useAdminTools } from '../../components/useAdminTools'

export type Product = ApiAnswer<'/api/admin/products', 'get'>[number]
type Frequencies = Product['subscription_frequencies']

const FREQUENCIES: { id: keyof Frequencies; name: string }[] = [
  { id: 'disabled', name: 'One-time payment' },
  { id: 'monthly', name: 'Monthly' },
  { id: 'quarterly', name: 'Quarterly' },
  { id: 'semi-annual', name: 'Semi-annual' },
  { id: 'annual', name: 'Annual' },
]

/** A reload of the list (another card saved) keeps this card's pending edits; a constant, as a new object would reset the form on every render. */
const KEEP_EDITS = { keepDirtyValues: true }
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const UUID_HINT =
  'Invalid UUID format. Expected format: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'
const PLAN_ID_NOTE = 'The plan id is required for automated enrolment after payment.'
const START_WARNING =
  'You have enabled "Enforce Fixed Start Date" but haven\'t set a date. Please specify a fixed start date or disable the enforcement.'
const END_WARNING =
  'You have enabled "Enforce Fixed End Date" but haven\'t set a date. Please specify a fixed end date or disable the enforcement.'

/** The API's field names (422 `errors`) → the card's inputs. */
const SOURCES = {
  subscriptionFrequencies: 'subscription_frequencies',
  fixedStartDate: 'fixed_start_date',
  fixedEndDate: 'fixed_end_date',
  productAlias: 'product_alias',
  planId: 'plan_id',
}

/** The spec's PUT body (admin-backoffice.md §7); empty texts are sent as null. */
const toPayload = (product: Product) => ({
  subscriptionFrequencies: product.subscription_frequencies,
  fixedStartDate: product.fixed_start_date || null,
  fixedEndDate: product.fixed_end_date || null,
  enforceFixedStartDate: product.enforce_fixed_start_date,
  enforceFixedEndDate: product.enforce_fixed_end_date,
  productAlias: product.product_alias || null,
  planId: product.plan_id || null,
  disabled: product.disabled,
})

/** Today in the browser's calendar (toISOString alone gives the UTC date): the end-date minimum without a start date. */
const todayIso = () => localIsoDateTime().slice(0, 10)

/** Tells the page whether this card has unsaved edits (one unsaved-changes warning for all cards). */
function DirtyReporter({
  id,
  onDirty,
}: {
  id: number
  onDirty: (id: number, dirty: boolean) => void
}) {
  const { isDirty } = useFormState()
  useEffect(() => onDirty(id, isDirty), [id, isDirty, onDirty])
  useEffect(() => () => onDirty(id, false), [id, onDirty])
  return null
}

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
function ProductFields({ name, storedEnd }: { name: string | null; storedEnd: string | null }) {
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

/** One product's subscription settings: a react-admin form saved with the card's Save Changes. */
export function ProductCard({
  record,
  onDirty,
}: {
  record: Product
  onDirty: (id: number, dirty: boolean) => void
}) {
  const { toast, handleError } = useAdminTools()
  const [update] = useUpdate<Product>()

  const save = async (values: Record<string, any>) => {
    try {
      await update(
        'products',
        { id: record.id, data: toPayload(values as Product), previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true }
      )
      toast.success('Product updated successfully')
    } catch (error) {
      const fieldErrors = submissionErrors(error, SOURCES)
      if (fieldErrors) return fieldErrors
      await handleError(error)
    }
  }

  return (
    <Card
      data-testid={`product-card-${record.id}`}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <Form record={record} onSubmit={save} resetOptions={KEEP_EDITS} noValidate>
        <DirtyReporter id={record.id} onDirty={onDirty} />
        <ProductFields name={record.product_name} storedEnd={record.fixed_end_date} />
        <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
          <HistoryPanel entityType="product" entityId={record.id} variant="button" />
          <SaveButton label="Save Changes" icon={<SaveIcon />} data-testid="product-save" />
        </CardActions>
      </Form>
    </Card>
  )
}
