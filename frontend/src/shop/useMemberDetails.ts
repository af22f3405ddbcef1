import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorMessage } from '../common/api'
import { useToast } from '../common/toast'
import { shopApi, type MemberDetails } from './shopApi'
import { isSessionEnd } from './memberSession'
import { signedIn } from './signedIn'

/**
 * The member page guard: loads the member's details; when they fail to load, a toast and
 * back to /shop/login. With `checkBlocked`, a blocked member goes to /shop/already-migrated.
 */
export function useMemberDetails({ checkBlocked = false } = {}) {
  const navigate = useNavigate()
  const toast = useToast()
  const [details, setDetails] = useState<MemberDetails | null>(null)

  useEffect(() => {
    let active = true
    ;(async () => {
      try {
        if (checkBlocked && (await shopApi.migrationStatus()).blocked) {
          if (active) navigate('/shop/already-migrated', { replace: true })
          return
        }
        const loaded = await shopApi.details()
        signedIn.mark()
        if (active) setDetails(loaded)
      } catch (error) {
        // A 401 is the member page guard's (memberSession.tsx): no second message.
        if (!active || isSessionEnd(error)) return
        toast.error(errorMessage(error))
        navigate('/shop/login', { replace: true })
      }
    })()
    return () => {
      active = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return { details, setDetails }
}
