import { Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
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
          {FIGURES.map((figure) => (
            <Grid key={figure.key} size={{ xs: 6, md: 3 }}>
              <Stack sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
                <Typography variant="body2" color="text.secondary">
                  {figure.label}
                </Typography>
                <Typography variant="h5" component="p" data-testid={`db-stat-${figure.key}`}>
                  {stats ? stats[figure.key].toLocaleString('en-US') : '–'}
                </Typography>
              </Stack>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  )
}
