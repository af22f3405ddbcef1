import { useState } from 'react'
import { errorMessage } from '../../common/api'

/** A form's error and busy state around one step at a time (enrolment and the sign-in's second step). */
export function useAttempt() {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const attempt = async (step: () => Promise<unknown>) => {
    setError(null)
    setBusy(true)
    try {
      await step()
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  return { error, setError, busy, attempt }
}
