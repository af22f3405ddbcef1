import { SectionCard } from '../../components/SectionCard'
import { CancellationSummary } from './CancellationSummary'
import { MigrationMoneyLists } from './MigrationMoneyLists'

/** Money given back on this migration (docs/backoffice.md): its cancellation, then its refunds and disputes. */
export function MoneyReturnedCard({ migrationId }: { migrationId: number }) {
  return (
    <SectionCard title="Refunds and Disputes" data-testid="money-returned">
      <CancellationSummary migrationId={migrationId} />
      <MigrationMoneyLists migrationId={migrationId} />
    </SectionCard>
  )
}
