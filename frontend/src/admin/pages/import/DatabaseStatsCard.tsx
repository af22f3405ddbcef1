import { Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import { Figure } from './Figures'
import type { DatabaseStats } from './types'

const FIGURES: { key: keyof DatabaseStats; label: string }[] = [
  { key: 'members', label: 'Members' },
  { key: 'migrations', label: 'Migrations' },
  { key: 'subscriptions', label: 'Subscriptions' },
  { key: 'products', label: 'Products' },
]

export function DatabaseStatsCard({ stats, onRefresh }: { stats: DatabaseStats | null; onRefresh: () => void }) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">Database Statistics</Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh}>
            Refresh
          </Button>
        </Stack>
        <Grid container spacing={2}>
          {FIGURES.map(({ key, label }) => (
            <Figure key={key} label={label} value={stats?.[key]} testId={`db-stat-${key}`} size={{ xs: 6, md: 3 }} />
          ))}
        </Grid>
      </CardContent>
    </Card>
  )
}
