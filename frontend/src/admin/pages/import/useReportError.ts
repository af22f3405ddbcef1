import { useCallback } from 'react'
import { useToast } from '../../../common/toast'
import { describeError, useSessionEnded } from '../../components/adminErrors'

/** The server's text as is; the screen's fallback when there is none; the login page when the session is gone. */
export function useReportError() {
  const toast = useToast()
  const sessionEnded = useSessionEnded()
  return useCallback(
    async (error: unknown, fallback: string) => {
      if (await sessionEnded(error)) return
      const message = describeError(error)
      toast.error(message === 'An error occurred' || message === 'Network error' ? fallback : message)
    },
    [toast, sessionEnded]
  )
}
