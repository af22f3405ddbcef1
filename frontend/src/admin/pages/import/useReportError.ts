import { useCallback } from 'react'
import { describeError } from '../../components/adminErrors'
import { useAdminTools } from '../../components/useAdminTools'

/** The server's text as is; the screen's fallback when there is none; the login page when the session is gone. */
export function useReportError() {
  const { toast, sessionEnded } = useAdminTools()
  return useCallback(
    async (error: unknown, fallback: string) => {
      if (await sessionEnded(error)) return
      const message = describeError(error)
      toast.error(
        message === 'An error occurred' || message === 'Network error' ? fallback : message
      )
    },
    [toast, sessionEnded]
  )
}
