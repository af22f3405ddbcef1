import { useCallback } from 'react'
import { useLogoutIfAccessDenied } from 'react-admin'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { statusOf } from '../authProvider'

/**
 * `await sessionEnded(error)` is true when authProvider.checkError ended the session (a 401):
 * react-admin has signed the admin out and says so; the screen shows nothing more.
 */
export const useSessionEnded = () => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied()
  return useCallback(
    (error: unknown) => logoutIfAccessDenied(error as Error),
    [logoutIfAccessDenied]
  )
}

/** The server's text, or "Not allowed: …" for a refused action (HTTP 403, never a sign-out). */
export const describeError = (error: unknown) =>
  statusOf(error) === 403 ? `Not allowed: ${errorMessage(error)}` : errorMessage(error)

/**
 * How a screen reports a failed call: a 401 ends the session (checkError); anything else is
 * shown where it happened, as a toast with the spec's prefix.
 */
export function useAdminErrorHandler() {
  const sessionEnded = useSessionEnded()
  const toast = useToast()
  return useCallback(
    async (error: unknown, fallback?: string) => {
      if (await sessionEnded(error)) return
      toast.error(fallback ? `${fallback}: ${describeError(error)}` : describeError(error))
    },
    [sessionEnded, toast]
  )
}
