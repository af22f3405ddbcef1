import { useListContext } from 'react-admin'
import { useQuery } from '@tanstack/react-query'
import { Chip, Stack } from '@mui/material'
import { useAdminData } from '../../dataProvider'
import { describeAge, describeScheduler, type CacheStatus } from './currencyText'

/** Stored-rates and scheduler chips. A scheduler-status failure is not shown to the user (spec §8). */
export function RatesStatus() {
  const dataProvider = useAdminData()
  const { meta } = useListContext()
  const { data: scheduler } = useQuery({
    queryKey: ['currencies', 'scheduler'],
    queryFn: async () => (await dataProvider.schedulerStatus()).scheduler.refreshRatesTask,
  })
  const cache = meta?.cacheStatus as CacheStatus | undefined
  if (!cache) return null
  return (
    // Long chip texts wrap on a phone instead of widening the card.
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{
        'p': 2,
        'flexWrap': 'wrap',
        '& .MuiChip-root': { maxWidth: '100%', height: 'auto', minHeight: 32 },
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
      }}
      data-testid="rates-status"
    >
      <Chip
        variant="outlined"
        color={cache.cached ? 'success' : 'warning'}
        sx={{ color: cache.cached ? 'success.dark' : 'warning.dark' }}
        label={
          cache.cached
            ? `Rates stored (${cache.source === 'seed' ? 'seeded defaults' : 'from provider'}), updated ${describeAge(cache.age)}`
            : 'No stored rates'
        }
      />
      {scheduler ? (
        <Chip
          variant="outlined"
          color={scheduler.running ? 'success' : 'default'}
          sx={{ color: scheduler.running ? 'success.dark' : undefined }}
          label={describeScheduler(scheduler)}
          data-testid="scheduler-status"
        />
      ) : null}
      {scheduler?.lastError ? (
        <Chip
          variant="outlined"
          color="warning"
          sx={{ color: 'text.primary' }}
          label={`Last automatic refresh failed: ${scheduler.lastError}`}
          data-testid="scheduler-error"
        />
      ) : null}
    </Stack>
  )
}
