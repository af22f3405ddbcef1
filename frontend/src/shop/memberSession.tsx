import { useEffect, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError, errorCode, onApiError } from '../common/api'
import { ERROR_CODES } from '../../../shared_data/checkout_messages'
import { shopApi } from './shopApi'
import { signedIn } from './signedIn'

/**
 * A 401, or a 403 from the CSRF check (its secret lived in the session that expired): the page
 * guard decides, so screens show no message of their own for it.
 */
export const isSessionEnd = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 401 || (error.status === 403 && errorCode(error) === ERROR_CODES.badCsrf))

/**
 * Wraps every member page: any call answered 401 ends the session in the browser too and goes to
 * /shop/login with the session message. The saved selection (sessionStorage) is kept, so the
 * member continues where they were after signing in again.
 */
export function MemberPage({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  useEffect(() => {
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      const expired = signedIn.was()
      void shopApi.logout().catch(() => undefined)
      navigate('/shop/login', { replace: true, state: { sessionExpired: expired } })
    }
    return onApiError((error) => {
      if (!isSessionEnd(error) || ended) return
      if (error.status === 401) return end()
      // A CSRF refusal: ends the session only if the server no longer knows it.
      shopApi.session().then(
        (session) => !session.authenticated && end(),
        () => undefined
      )
    })
  }, [navigate])
  return <>{children}</>
}
