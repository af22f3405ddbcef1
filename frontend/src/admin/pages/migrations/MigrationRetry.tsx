import { useState, type MouseEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Confirm } from 'react-admin'
import ReplayIcon from '@mui/icons-material/Replay'
import { IconAction } from '../../components/IconAction'
import { useAdminTools } from '../../components/useAdminTools'

type RetryAnswer = { success: boolean; count: number; error: string | null }

/** Each retry with its call, confirmation and toasts (admin-backoffice.md §5, §8), by the test id it has. */
const RETRIES = {
  emails: {
    path: 'retry-emails',
    label: 'Retry emails',
    question: 'Retry sending emails for this migration?',
    failedCall: 'Failed to retry emails',
    succeeded: () => 'Emails sent successfully!',
    failedKind: 'warning',
    failed: () => 'Emails partially sent. Check details.',
  },
  api: {
    path: 'retry-api',
    label: 'Retry API calls',
    question: 'Retry API calls for this migration?',
    failedCall: 'Failed to retry API calls',
    succeeded: () => 'API calls completed successfully!',
    failedKind: 'error',
    failed: (answer: RetryAnswer) => `API calls failed: ${answer.error ?? 'unknown error'}`,
  },
  documents: {
    path: 'regenerate-documents',
    label: 'Regenerate documents',
    question: 'Regenerate documents for this migration?',
    failedCall: 'Failed to regenerate documents',
    succeeded: (answer: RetryAnswer) => `${answer.count} documents regenerated successfully!`,
    failedKind: 'error',
    failed: (answer: RetryAnswer) =>
      `Document regeneration failed: ${answer.error ?? 'unknown error'}`,
  },
} as const
export type RetryAction = keyof typeof RETRIES

/** Clicks in the button and in its dialog (rendered in the row's tree) do not open the row. */
const stop = (event: MouseEvent) => event.stopPropagation()

/** A step's retry (or regenerate): asks the spec question, runs it, toasts the answer and reloads the list. */
export function MigrationRetry({
  migrationId,
  action,
}: {
  migrationId: number
  action: RetryAction
}) {
  const retry = RETRIES[action]
  const [asking, setAsking] = useState(false)
  const { dataProvider, toast, handleError, refresh } = useAdminTools()
  const close = () => setAsking(false)
  const { mutate, isPending: busy } = useMutation({
    mutationFn: (): Promise<RetryAnswer> =>
      dataProvider.retryMigrationStep(migrationId, retry.path),
    onSuccess: (answer) =>
      answer.success
        ? toast.success(retry.succeeded(answer))
        : toast[retry.failedKind](retry.failed(answer)),
    onError: (error) => handleError(error, retry.failedCall),
    onSettled: () => {
      close()
      refresh()
    },
  })
  return (
    <span onClick={stop}>
      <IconAction
        title={retry.label}
        icon={ReplayIcon}
        onClick={() => setAsking(true)}
        data-testid={`retry-${action}`}
      />
      <Confirm
        isOpen={asking}
        title={retry.label}
        content={retry.question}
        loading={busy}
        onConfirm={() => mutate()}
        onClose={close}
      />
    </span>
  )
}
