import { advanceAdminSessionVersion } from '#modules/admins/index'
import { advanceMemberSessionVersion } from '#modules/members/index'
import { closeAllDeviceSessions } from './device_sessions.js'

/**
 * Ends every session of an account at once, in whichever store they live:
 * a session carries the account's session_version of its sign-in, and one
 * atomic `session_version = session_version + 1` (written by the account's
 * owner, admins or members) makes all of them stale (checked on each request
 * in services/session_guards.ts).
 */
export async function endAllSessions(guard: 'admin' | 'member', accountId: number) {
  if (guard === 'admin') await advanceAdminSessionVersion(accountId)
  else await advanceMemberSessionVersion(accountId)
  await closeAllDeviceSessions(guard, accountId)
}
