import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { closeAllDeviceSessions } from './device_sessions.js'

/**
 * Ends every session of an account at once, in whichever store they live:
 * a session carries the account's session_version of its sign-in, and one
 * atomic `session_version = session_version + 1` makes all of them stale
 * (checked on each request in services/session_guards.ts).
 */
export async function endAllSessions(guard: 'admin' | 'member', accountId: number) {
  const query = guard === 'admin' ? AdminUser.query() : Member.query()
  await query.where('id', accountId).increment('session_version', 1)
  await closeAllDeviceSessions(guard, accountId)
}
