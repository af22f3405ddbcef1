import { useIsMutating, useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { DataTable } from 'react-admin'
import { Button, LinearProgress, Typography, type ButtonProps } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Replay'
import type { ApiAnswer } from '../../../common/api_contract'
import { SectionCard } from '../../components/SectionCard'
import { StatusBadge } from '../../components/StatusBadge'
import { useAdminMutation } from '../../components/useAdminMutation'
import { Captioned } from '../../components/Captioned'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty, LoadError } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { adminPath } from '../../paths'
import { dateTime } from './deliveryText'

type Outbox = ApiAnswer<'/api/admin/migrations/{id}/outbox', 'get'>

const Call = DataTable.Col<Outbox['calls'][number] & { id: string }>
const Job = DataTable.Col<Outbox['jobs'][number]>
const CallBody = bodyWithRowTestId('outbox-call-row')
const JobBody = bodyWithRowTestId('outbox-job-row')
const REPLAY = ['outbox-replay']

/** Whom a call was for: the member's name over their member ID (the outbox and dead letters). */
export const callMember = (row: { member_name: string | null; member_id: string | null }) => (
  <Captioned caption={row.member_id}>{row.member_name ?? '—'}</Captioned>
)

/**
 * Replay of a job whose retries ran out (docs/operations.md §3): `what` names it in the toast; every
 * query reloads after. While one replay is being queued, every Replay button waits.
 */
export function ReplayButton({
  jobId,
  what,
  ...button
}: { jobId: number; what: string } & ButtonProps) {
  const dataProvider = useAdminData()
  const busy = useIsMutating({ mutationKey: REPLAY }) > 0
  const replayJob = () => dataProvider.replayOutboxJob(jobId)
  const { mutate: replay } = useAdminMutation(
    replayJob,
    `Replay queued: ${what}`,
    'Failed to replay',
    REPLAY
  )
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplayIcon />}
      disabled={busy}
      onClick={() => replay()}
      {...button}
    >
      Replay
    </Button>
  )
}

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
  const replayButton = (jobId: number, what: string) => (
    <ReplayButton
      jobId={jobId}
      what={what}
      aria-label={`Replay ${what}`}
      data-testid="replay-call"
    />
  )
  const state = (row: { state: string }) => <StatusBadge status={row.state} testId="outbox-state" />
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
          <TableRegion label="Insurer calls">
            <DataTable
              resource="outbox-calls"
              data={data.calls.map((call) => ({
                ...call,
                id: `${call.api_name}:${call.member_id}`,
              }))}
              bulkActionButtons={false}
              rowClick={false}
              body={CallBody}
              aria-label="Insurer calls of this migration"
              sx={{ '& table': { minWidth: 860 } }}
              empty={
                <ListEmpty text="No insurer calls recorded" testId="outbox-calls-empty" compact />
              }
            >
              <Call
                source="member_name"
                label="Member"
                cellSx={() => ({ minWidth: 140 })}
                render={callMember}
              />
              <Call source="api_name" label="API" />
              <Call source="state" label="State" render={state} />
              <Call source="attempts" label="Attempts" align="right" />
              <Call
                source="response_status"
                label="Last status and error"
                cellSx={() => ({ minWidth: 150, maxWidth: 240, overflowWrap: 'anywhere' })}
                render={(call) => (
                  <Captioned caption={dateTime(call.last_attempt_at)}>
                    {call.response_status ?? 'No answer'}
                    {call.last_error ? ` · ${call.last_error}` : ''}
                  </Captioned>
                )}
              />
              <Call
                source="next_retry_at"
                label="Next retry"
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(call) => (call.next_retry_at ? dateTime(call.next_retry_at) : '—')}
              />
              <Call
                source="idempotency_key"
                label="Idempotency key"
                cellSx={() => ({
                  fontFamily: 'monospace',
                  fontSize: 12,
                  overflowWrap: 'anywhere',
                  minWidth: 140,
                })}
                render={(call) => call.idempotency_key ?? '—'}
              />
              <Call
                label="Actions"
                align="right"
                render={(call) =>
                  call.state === 'dead_letter' && call.job_id
                    ? replayButton(
                        call.job_id,
                        `the ${call.api_name} call for ${call.member_name ?? call.member_id}`
                      )
                    : null
                }
              />
            </DataTable>
          </TableRegion>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Other jobs
          </Typography>
          <TableRegion label="Other jobs">
            <DataTable
              resource="outbox-jobs"
              data={data.jobs}
              bulkActionButtons={false}
              rowClick={false}
              body={JobBody}
              aria-label="Other outbound jobs of this migration"
              sx={{ '& table': { minWidth: 640 } }}
              empty={<ListEmpty text="No jobs recorded" testId="outbox-jobs-empty" compact />}
            >
              <Job
                source="label"
                label="Job"
                render={(job) => `${job.label}${job.detail ? `: ${job.detail}` : ''}`}
              />
              <Job source="state" label="State" render={state} />
              <Job
                source="attempts"
                label="Attempts"
                align="right"
                render={(job) => `${job.attempts} of ${job.max_attempts}`}
              />
              <Job
                source="last_error"
                label="Last error"
                cellSx={() => ({ maxWidth: 260, overflowWrap: 'anywhere' })}
                render={(job) => job.last_error ?? '—'}
              />
              <Job
                source="next_retry_at"
                label="Next run"
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(job) => (job.next_retry_at ? dateTime(job.next_retry_at) : '—')}
              />
              <Job
                label="Actions"
                align="right"
                render={(job) =>
                  job.replayable ? replayButton(job.id, job.label.toLowerCase()) : null
                }
              />
            </DataTable>
          </TableRegion>
        </>
      ) : null}
    </SectionCard>
  )
}
