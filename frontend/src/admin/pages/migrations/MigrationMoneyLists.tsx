import { Stack } from '@mui/material'
import { MigrationRefunds } from './MigrationRefunds'
import { MigrationDisputes } from './MigrationDisputes'
import { MigrationCreditNotes } from './MigrationCreditNotes'

/**
 * The refunds (ours and those made at the provider), card disputes and credit notes of a
 * migration, from its own lists: the migration detail and the subscriptions' panel.
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
      <MigrationCreditNotes migrationId={migrationId} heading={heading} />
    </Stack>
  )
}
