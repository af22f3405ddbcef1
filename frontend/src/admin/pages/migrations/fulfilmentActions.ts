import { useState } from 'react'
import { useToast } from '../../../common/toast'
import { describeError, useSessionEnded } from '../../components/adminErrors'
import { useAdminData } from '../../dataProvider'

export type FulfilmentAction = 'emails' | 'api' | 'documents'

interface RetryAnswer {
  success: boolean
  count: number
  error: string | null
}

/** Each retry with its call, confirmation and toasts (admin-backoffice.md §5, §8). */
export const FULFILMENT_ACTIONS: Record<FulfilmentAction, { path: 'retry-emails' | 'retry-api' | 'regenerate-documents'; label: string; question: string; failedCall: string; onAnswer: (answer: RetryAnswer) => { kind: 'success' | 'warning' | 'error'; text: string } }> = {
  emails: {
    path: 'retry-emails',
    label: 'Retry emails',
    question: 'Retry sending emails for this migration?',
    failedCall: 'Failed to retry emails',
    onAnswer: (answer) => (answer.success ? { kind: 'success', text: 'Emails sent successfully!' } : { kind: 'warning', text: 'Emails partially sent. Check details.' }),
  },
  api: {
    path: 'retry-api',
    label: 'Retry API calls',
    question: 'Retry API calls for this migration?',
    failedCall: 'Failed to retry API calls',
    onAnswer: (answer) => (answer.success ? { kind: 'success', text: 'API calls completed successfully!' } : { kind: 'error', text: `API calls failed: ${answer.error ?? 'unknown error'}` }),
  },
  documents: {
    path: 'regenerate-documents',
    label: 'Regenerate documents',
    question: 'Regenerate documents for this migration?',
    failedCall: 'Failed to regenerate documents',
    onAnswer: (answer) =>
      answer.success ? { kind: 'success', text: `${answer.count} documents regenerated successfully!` } : { kind: 'error', text: `Document regeneration failed: ${answer.error ?? 'unknown error'}` },
  },
}

/**
 * A pending retry waiting for confirmation, and running it. `onDone`
 * reloads the list so the sub-status icons show the new state.
 */
export function useFulfilmentActions(onDone: () => void) {
  const toast = useToast()
  const sessionEnded = useSessionEnded()
  const dataProvider = useAdminData()
  const [pending, setPending] = useState<{ migrationId: number; action: FulfilmentAction } | null>(null)
  const [busy, setBusy] = useState(false)

  async function confirm() {
    if (!pending) return
    const action = FULFILMENT_ACTIONS[pending.action]
    setBusy(true)
    try {
      const answer: RetryAnswer = await dataProvider.retryMigrationStep(pending.migrationId, action.path)
      const { kind, text } = action.onAnswer(answer)
      toast[kind](text)
    } catch (error) {
      if (!(await sessionEnded(error))) toast.error(`${action.failedCall}: ${describeError(error)}`)
    } finally {
      setBusy(false)
      setPending(null)
      onDone()
    }
  }

  return { pending, busy, ask: (migrationId: number, action: FulfilmentAction) => setPending({ migrationId, action }), cancel: () => setPending(null), confirm }
}
