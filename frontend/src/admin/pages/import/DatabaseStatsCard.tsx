import { Button, Grid } from '@mui/material'
import { SectionCard } from '../../components/SectionCard'
import RefreshIcon from '@mui/icons-material/Refresh'
import { Figure } from './Figures'
import type { DatabaseStats } from './types'

const FIGURES: { key: keyof DatabaseStats; label: string }[] = [
  { key: 'members', label: 'Members' },
  { key: 'migrations', label: 'Migrations' },
  { key: 'subscriptions', label: 'Subscriptions' },
  { key: 'products', label: 'Products' },
]

export function DatabaseStatsCard({
  stats,
  onRefresh,
}: {
  stats: DatabaseStats | null
  onRefresh: () => void
}) {
  const refresh = (
    <Button
      size="small"
      startIcon={<RefreshIcon />}
      onClick={onRefresh}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
    >
      Refresh
    </Button>
  )
  return (
    <SectionCard title="Database Statistics" actions={refresh} sx={{ mb: 3 }}>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {FIGURES.map(({ key, label }) => (
          <Figure
            key={key}
            label={label}
            value={stats?.[key]}
            testId={`db-stat-${key}`}
            size={{ xs: 6, md: 3 }}
          />
        ))}
      </Grid>
    </SectionCard>
  )
}
