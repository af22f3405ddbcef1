import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { DataTable } from 'react-admin'
import { Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Replay'
import { useToast } from '../../../common/toast'
import { StatusBadge } from '../../components/StatusBadge'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { Caption } from '../../components/Caption'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty, LoadError } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { adminPath } from '../../paths'
import { dateTime } from './deliveryText'

export interface OutboxCall {
  job_id: number | null
  api_name: string
  member_name: string | null
  member_id: string | null
  attempts: number
  response_status: number | null
  last_error: string | null
  last_attempt_at: string | null
  idempotency_key: string | null
  state: string
  next_retry_at: string | null
}

export interface OutboxJob {
  id: number
  label: string
  detail: string | null
  state: string
  attempts: number
  max_attempts: number
  last_error: string | null
  next_retry_at: string | null
  updated_at: string | null
  replayable: boolean
}

const Call = DataTable.Col<OutboxCall & { id: string }>
const Job = DataTable.Col<OutboxJob>
const CallBody = bodyWithRowTestId('outbox-call-row')
const JobBody = bodyWithRowTestId('outbox-job-row')

function State({ state }: { state: string }) {
  return <StatusBadge status={state} testId="outbox-state" />
}

/**
 * The integration outbox of a migration (docs/operations.md §3): each insurer call with its member,
 * attempts, last status and error, next retry, dead letter and Replay; then the migration's other
 * jobs (fulfilment steps, email resends, cancellation alert).
 */
export function OutboxCard({ migrationId }: { migrationId: number }) {
  const dataProvider = useAdminData()
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const [busy, setBusy] = useState(false)
  const { data, isError, error, isPending, refetch } = useQuery({
    queryKey: ['migrations', migrationId, 'outbox'],
    queryFn: () => dataProvider.migrationOutbox(migrationId) as Promise<{ calls: OutboxCall[]; jobs: OutboxJob[] }>,
    retry: false,
    // While something waits for its next attempt or runs, look again now and then.
    refetchInterval: (query) => ([...(query.state.data?.calls ?? []), ...(query.state.data?.jobs ?? [])].some((row) => ['queued', 'retrying', 'running'].includes(row.state)) ? 3000 : false),
  })

  async function replay(jobId: number, what: string) {
    setBusy(true)
    try {
      await dataProvider.replayOutboxJob(jobId)
      toast.success(`Replay queued: ${what}`)
      await refetch()
    } catch (failure) {
      handleError(failure, 'Failed to replay')
    } finally {
      setBusy(false)
    }
  }

  const replayButton = (jobId: number, what: string) => (
    <Button size="small" variant="outlined" startIcon={<ReplayIcon />} sx={{ whiteSpace: 'nowrap' }} disabled={busy} onClick={() => replay(jobId, what)} aria-label={`Replay ${what}`} data-testid="replay-call">
      Replay
    </Button>
  )

  return (
    <Card data-testid="outbox-card">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography variant="h6" component="h2">
            Integration Outbox
          </Typography>
          <Button size="small" component={RouterLink} to={adminPath('dead-letters')} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }} data-testid="outbox-dead-letters-link">
            All dead letters
          </Button>
        </Stack>
        {isPending ? <LinearProgress aria-label="Loading the outbox" /> : null}
        {isError ? <LoadError what="the outbox" error={error} onRetry={refetch} testId="outbox-error" /> : null}
        {data ? (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              Insurer calls
            </Typography>
            <TableRegion label="Insurer calls">
              <DataTable resource="outbox-calls" data={data.calls.map((call) => ({ ...call, id: `${call.api_name}:${call.member_id}` }))} bulkActionButtons={false} rowClick={false} body={CallBody} aria-label="Insurer calls of this migration" sx={{ '& table': { minWidth: 860 } }} empty={<ListEmpty text="No insurer calls recorded" testId="outbox-calls-empty" compact />}>
                <Call
                  source="member_name"
                  label="Member"
                  cellSx={() => ({ minWidth: 140 })}
                  render={(call) => (
                    <>
                      {call.member_name ?? '—'}
                      <Caption>{call.member_id}</Caption>
                    </>
                  )}
                />
                <Call source="api_name" label="API" />
                <Call source="state" label="State" render={(call) => <State state={call.state} />} />
                <Call source="attempts" label="Attempts" align="right" />
                <Call
                  source="response_status"
                  label="Last status and error"
                  cellSx={() => ({ minWidth: 150, maxWidth: 240, overflowWrap: 'anywhere' })}
                  render={(call) => (
                    <>
                      {call.response_status ?? 'No answer'}
                      {call.last_error ? ` · ${call.last_error}` : ''}
                      <Caption>{dateTime(call.last_attempt_at)}</Caption>
                    </>
                  )}
                />
                <Call source="next_retry_at" label="Next retry" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(call) => (call.next_retry_at ? dateTime(call.next_retry_at) : '—')} />
                <Call source="idempotency_key" label="Idempotency key" cellSx={() => ({ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', minWidth: 140 })} render={(call) => call.idempotency_key ?? '—'} />
                <Call label="Actions" align="right" render={(call) => (call.state === 'dead_letter' && call.job_id ? replayButton(call.job_id, `the ${call.api_name} call for ${call.member_name ?? call.member_id}`) : null)} />
              </DataTable>
            </TableRegion>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Other jobs
            </Typography>
            <TableRegion label="Other jobs">
              <DataTable resource="outbox-jobs" data={data.jobs} bulkActionButtons={false} rowClick={false} body={JobBody} aria-label="Other outbound jobs of this migration" sx={{ '& table': { minWidth: 640 } }} empty={<ListEmpty text="No jobs recorded" testId="outbox-jobs-empty" compact />}>
                <Job source="label" label="Job" render={(job) => `${job.label}${job.detail ? `: ${job.detail}` : ''}`} />
                <Job source="state" label="State" render={(job) => <State state={job.state} />} />
                <Job source="attempts" label="Attempts" align="right" render={(job) => `${job.attempts} of ${job.max_attempts}`} />
                <Job source="last_error" label="Last error" cellSx={() => ({ maxWidth: 260, overflowWrap: 'anywhere' })} render={(job) => job.last_error ?? '—'} />
                <Job source="next_retry_at" label="Next run" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(job) => (job.next_retry_at ? dateTime(job.next_retry_at) : '—')} />
                <Job label="Actions" align="right" render={(job) => (job.replayable ? replayButton(job.id, job.label.toLowerCase()) : null)} />
              </DataTable>
            </TableRegion>
          </>
        ) : null}
      </CardContent>
    </Card>
  )
}
