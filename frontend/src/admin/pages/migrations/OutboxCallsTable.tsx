import { DataTable } from 'react-admin'
import { Captioned } from '../../components/Captioned'
import { callMember } from '../../components/MemberCells'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { dateTime } from './deliveryText'
import { outboxReplay, outboxState } from './OutboxCells'
import type { Outbox } from './outboxTypes'

const Call = DataTable.Col<Outbox['calls'][number] & { id: string }>
const CallBody = bodyWithRowTestId('outbox-call-row')

/** Each insurer call of a migration with its member, attempts, last status and error, next retry and Replay. */
export function OutboxCallsTable({ calls }: { calls: Outbox['calls'] }) {
  return (
    <TableRegion label="Insurer calls">
      <DataTable
        resource="outbox-calls"
        data={calls.map((call) => ({
          ...call,
          id: `${call.api_name}:${call.member_id}`,
        }))}
        bulkActionButtons={false}
        rowClick={false}
        body={CallBody}
        aria-label="Insurer calls of this migration"
        sx={{ '& table': { minWidth: 860 } }}
        empty={<ListEmpty text="No insurer calls recorded" testId="outbox-calls-empty" compact />}
      >
        <Call
          source="member_name"
          label="Member"
          cellSx={() => ({ minWidth: 140 })}
          render={callMember}
        />
        <Call source="api_name" label="API" />
        <Call source="state" label="State" render={outboxState} />
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
              ? outboxReplay(
                  call.job_id,
                  `the ${call.api_name} call for ${call.member_name ?? call.member_id}`
                )
              : null
          }
        />
      </DataTable>
    </TableRegion>
  )
}
