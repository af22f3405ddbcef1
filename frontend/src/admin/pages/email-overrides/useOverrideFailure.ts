import { errorMessage } from '../../../common/api'
import { statusOf } from '../../authProvider'
import { submissionErrors } from '../../components/formErrors'
import { useAdminTools } from '../../components/useAdminTools'

/**
 * Failure toasts read exactly as the spec writes them (§8). The server's own reason (a 4xx:
 * validation, duplicate, not found) follows as a toast of its own, or on its field when the
 * server names one; network and server errors have only the spec's text.
 */
export function useOverrideFailure() {
  const { toast, sessionEnded } = useAdminTools()
  return async (error: unknown, fallback: string) => {
    if (await sessionEnded(error)) return undefined
    toast.error(fallback)
    const fieldErrors = submissionErrors(error)
    const status = statusOf(error) ?? 0
    if (!fieldErrors && status >= 400 && status < 500) toast.error(errorMessage(error))
    return fieldErrors
  }
}
