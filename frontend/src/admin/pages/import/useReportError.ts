import { useCallback } from 'react'
import { errorMessage } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { useAdminErrorHandler } from '../../components/adminErrors'

/** The server's text as is; the screen's fallback when there is none; the login page when the session is gone. */
export function useReportError() {
  const toast = useToast()
  const handleAdminError = useAdminErrorHandler()
  return useCallback(
    (error: unknown, fallback: string) => {
      const message = errorMessage(error)
      if (message.includes('Admin')) return handleAdminError(error)
      toast.error(message === 'An error occurred' || message === 'Network error' ? fallback : message)
    },
    [toast, handleAdminError]
  )
}
