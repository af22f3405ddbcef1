import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { Button, LinearProgress, Typography } from '@mui/material'
import { SectionCard } from '../../components/SectionCard'
import { LoadError } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { adminPath } from '../../paths'
import { OutboxCallsTable } from './OutboxCallsTable'
import { OutboxJobsTable } from './OutboxJobsTable'

/**
 * The integration outbox of a migration (docs/operations.md §3): each insurer call with its member,
 * attempts, last status and error, next retry, dead letter and Replay; then the migration's other
 * jobs (fulfilment steps, email resends, cancellation alert).
 */
export function OutboxCard({ migrationId }: { migrationId: number }) {
  const dataProvider = useAdminData()
  const { data, isError, error, isPending, refetch } = useQuery({
    queryKey: ['migrations', migrationId, 'outbox'],
    queryFn: () => dataProvider.migrationOutbox(migrationId),
    retry: false,
    // While something waits for its next attempt or runs, look again now and then.
    refetchInterval: (query) =>
      [...(query.state.data?.calls ?? []), ...(query.state.data?.jobs ?? [])].some((row) =>
        ['queued', 'retrying', 'running'].includes(row.state)
      )
        ? 3000
        : false,
  })
  const allDeadLetters = (
    <Button
      size="small"
      component={RouterLink}
      to={adminPath('dead-letters')}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
      data-testid="outbox-dead-letters-link"
    >
      All dead letters
    </Button>
  )

  return (
    <SectionCard title="Integration Outbox" actions={allDeadLetters} data-testid="outbox-card">
      {isPending ? <LinearProgress aria-label="Loading the outbox" /> : null}
      {isError ? (
        <LoadError what="the outbox" error={error} onRetry={refetch} testId="outbox-error" />
      ) : null}
      {data ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            Insurer calls
          </Typography>
          <OutboxCallsTable calls={data.calls} />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Other jobs
          </Typography>
          <OutboxJobsTable jobs={data.jobs} />
        </>
      ) : null}
    </SectionCard>
  )
}
