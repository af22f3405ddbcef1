import { BooleanInput } from 'react-admin'
import { useWatch } from 'react-hook-form'
import { Alert, Stack, Typography } from '@mui/material'
import { DateFormatInput } from '../../components/DateFormatInput'
import { END_WARNING, ISO_DATE, START_WARNING, todayIso } from './productForm'

const ROW = {
  direction: { xs: 'column', sm: 'row' },
  spacing: { sm: 2 },
  sx: { alignItems: { sm: 'flex-start' } },
} as const

/** The fixed start and end dates with their Enforce switches, and the warning of an enforced date left empty. */
export function CoverageDates({ storedEnd }: { storedEnd: string | null }) {
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
  return (
    <>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Fixed coverage dates
      </Typography>
      <Stack {...ROW}>
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
      <Stack {...ROW}>
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
    </>
  )
}
