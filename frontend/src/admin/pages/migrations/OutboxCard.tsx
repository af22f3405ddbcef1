import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Replay'
import { useToast } from '../../../common/toast'
import { StatusBadge } from '../../components/StatusBadge'
import { describeError, useAdminErrorHandler } from '../../components/adminErrors'
import { useAdminData } from '../../dataProvider'
import { adminPath } from '../../paths'
import { dateTime } from './deliveryText'
import { ScrollBox } from '../../components/ScrollBox'

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
        {isError ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
            Could not load the outbox: {describeError(error)}
          </Alert>
        ) : null}
        {data ? (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              Insurer calls
            </Typography>
            <ScrollBox label="Insurer calls of this migration">
              <Table size="small" aria-label="Insurer calls of this migration" sx={{ minWidth: 860 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Member</TableCell>
                    <TableCell>API</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Last status and error</TableCell>
                    <TableCell>Next retry</TableCell>
                    <TableCell>Idempotency key</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.calls.map((call) => (
                    <TableRow key={`${call.api_name}:${call.member_id}`} data-testid="outbox-call-row">
                      <TableCell sx={{ minWidth: 140 }}>
                        {call.member_name ?? '—'}
                        <Typography variant="caption" component="div" color="text.secondary">
                          {call.member_id}
                        </Typography>
                      </TableCell>
                      <TableCell>{call.api_name}</TableCell>
                      <TableCell>
                        <State state={call.state} />
                      </TableCell>
                      <TableCell align="right">{call.attempts}</TableCell>
                      <TableCell sx={{ minWidth: 150, maxWidth: 240, overflowWrap: 'anywhere' }}>
                        {call.response_status ?? 'No answer'}
                        {call.last_error ? ` · ${call.last_error}` : ''}
                        <Typography variant="caption" component="div" color="text.secondary">
                          {dateTime(call.last_attempt_at)}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{call.next_retry_at ? dateTime(call.next_retry_at) : '—'}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', minWidth: 140 }}>{call.idempotency_key ?? '—'}</TableCell>
                      <TableCell align="right">{call.state === 'dead_letter' && call.job_id ? replayButton(call.job_id, `the ${call.api_name} call for ${call.member_name ?? call.member_id}`) : null}</TableCell>
                    </TableRow>
                  ))}
                  {data.calls.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={8} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                        No insurer calls recorded
                      </TableCell>
                    </TableRow>
                  ) : null}
                </TableBody>
              </Table>
            </ScrollBox>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Other jobs
            </Typography>
            <ScrollBox label="Other outbound jobs of this migration">
              <Table size="small" aria-label="Other outbound jobs of this migration" sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Job</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Last error</TableCell>
                    <TableCell>Next run</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.jobs.map((job) => (
                    <TableRow key={job.id} data-testid="outbox-job-row">
                      <TableCell>
                        {job.label}
                        {job.detail ? `: ${job.detail}` : ''}
                      </TableCell>
                      <TableCell>
                        <State state={job.state} />
                      </TableCell>
                      <TableCell align="right">
                        {job.attempts} of {job.max_attempts}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{job.last_error ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{job.next_retry_at ? dateTime(job.next_retry_at) : '—'}</TableCell>
                      <TableCell align="right">{job.replayable ? replayButton(job.id, job.label.toLowerCase()) : null}</TableCell>
                    </TableRow>
                  ))}
                  {data.jobs.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={6} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                        No jobs recorded
                      </TableCell>
                    </TableRow>
                  ) : null}
                </TableBody>
              </Table>
            </ScrollBox>
          </>
        ) : null}
      </CardContent>
    </Card>
  )
}
