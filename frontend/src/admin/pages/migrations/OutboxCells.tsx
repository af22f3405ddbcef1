import { ReplayButton } from '../../components/ReplayButton'
import { StatusBadge } from '../../components/StatusBadge'

/** The Replay button of an outbox row: `what` names the call or job in its label and toast. */
export const outboxReplay = (jobId: number, what: string) => (
  <ReplayButton jobId={jobId} what={what} aria-label={`Replay ${what}`} data-testid="replay-call" />
)

/** An outbox row's state as a badge. */
export const outboxState = (row: { state: string }) => (
  <StatusBadge status={row.state} testId="outbox-state" />
)
