import { BooleanInput, CheckboxGroupInput, TextInput } from 'react-admin'
import { useWatch } from 'react-hook-form'
import { Box, CardContent, Chip, Divider, Stack, Typography } from '@mui/material'
import { CoverageDates } from './CoverageDates'
import { FREQUENCIES, PLAN_ID_NOTE, UUID, UUID_HINT, type Frequencies } from './productForm'

/** The card's title: the product's name, the alias members see, and Active or Disabled. */
function ProductHeader({ name }: { name: string | null }) {
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

/** The plan id, with its UUID hint (it never blocks saving, spec §8) and its note. */
function PlanIdInput() {
  const planId = useWatch({ name: 'plan_id' }) as string | null
  const invalid = Boolean(planId) && !UUID.test(planId!.trim())
  return (
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
  )
}

/** The card's inputs and what their values show: the dates' warnings, the plan id's UUID hint. */
export function ProductFields({
  name,
  storedEnd,
}: {
  name: string | null
  storedEnd: string | null
}) {
  return (
    <CardContent sx={{ flexGrow: 1 }}>
      <ProductHeader name={name} />
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
      <CoverageDates storedEnd={storedEnd} />
      <Divider sx={{ my: 2 }} />
      <TextInput
        source="product_alias"
        label="Product alias"
        helperText="Name shown to members for the new coverage"
        fullWidth
      />
      <PlanIdInput />
    </CardContent>
  )
}
