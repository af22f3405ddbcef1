import { DataTable } from 'react-admin'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { dateTime } from './deliveryText'
import { outboxReplay, outboxState } from './OutboxCells'
import type { Outbox } from './outboxTypes'

const Job = DataTable.Col<Outbox['jobs'][number]>
const JobBody = bodyWithRowTestId('outbox-job-row')

/** A migration's other outbound jobs (fulfilment steps, email resends, cancellation alert) with Replay. */
export function OutboxJobsTable({ jobs }: { jobs: Outbox['jobs'] }) {
  return (
    <TableRegion label="Other jobs">
      <DataTable
        resource="outbox-jobs"
        data={jobs}
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
        <Job source="state" label="State" render={outboxState} />
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
          render={(job) => (job.replayable ? outboxReplay(job.id, job.label.toLowerCase()) : null)}
        />
      </DataTable>
    </TableRegion>
  )
}
