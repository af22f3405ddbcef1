import { Stack } from '@mui/material'
import { MigrationRefunds } from './MigrationRefunds'
import { MigrationDisputes } from './MigrationDisputes'

/**
 * The refunds (ours and those made at the provider) and card disputes of a migration, from the
 * Finance area's lists filtered by migration: the migration detail and the subscriptions' panel.
 */
export function MigrationMoneyLists({
  migrationId,
  heading = 'h3',
}: {
  migrationId: number
  heading?: 'h2' | 'h3'
}) {
  return (
    <Stack spacing={2}>
      <MigrationRefunds migrationId={migrationId} heading={heading} />
      <MigrationDisputes migrationId={migrationId} heading={heading} />
    </Stack>
  )
}
