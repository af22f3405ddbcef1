import { useIsMutating } from '@tanstack/react-query'
import { Button, type ButtonProps } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Replay'
import { useAdminMutation } from './useAdminMutation'
import { useAdminData } from '../dataProvider'

const REPLAY = ['outbox-replay']

/**
 * Replay of a job whose retries ran out (docs/operations.md §3): `what` names it in the toast; every
 * query reloads after. While one replay is being queued, every Replay button waits (a migration's
 * outbox and the dead letters).
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
