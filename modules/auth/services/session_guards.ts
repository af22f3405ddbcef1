import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { closeDeviceSession, deviceSessionIsOpen, openDeviceSession } from './device_sessions.js'

export type GuardName = 'member' | 'admin'

/** Idle limits of decisions.md §3. */
export const IDLE_LIMIT_MS: Record<GuardName, number> = {
  member: 30 * 60 * 1000,
  admin: 2 * 60 * 60 * 1000,
}

const MESSAGES: Record<GuardName, string> = {
  member: 'Member authentication required',
  admin: 'Admin authentication required',
}

const idleKey = (guard: GuardName) => `last_seen_${guard}`
const versionKey = (guard: GuardName) => `session_version_${guard}`
/** The id of this device's `user_sessions` row (device_sessions.ts). */
export const deviceKey = (guard: GuardName) => `device_session_${guard}`

/** An account that can be signed in: its session_version column ends all its sessions at once. */
interface SessionAccount {
  id: number
  session_version: number
}

/**
 * The idle clock is moved on at most once a minute: a session whose values did not change is not
 * written back (the store only moves its expiry, session_touch.ts), where a new time on every
 * request made every signed-in call write its session. The idle limits are minutes long.
 */
const IDLE_CLOCK_EVERY_MS = 60 * 1000

/** Marks a guard's session as active now (unless it was marked less than a minute ago). */
function touchSession(ctx: HttpContext, guard: GuardName, lastSeen = 0) {
  if (Date.now() - lastSeen >= IDLE_CLOCK_EVERY_MS) ctx.session.put(idleKey(guard), Date.now())
}

/**
 * Signs an account in on a guard: a new session id, the account's
 * session_version as read with its credentials, and the idle clock started.
 */
export async function startSession(ctx: HttpContext, guard: GuardName, account: SessionAccount) {
  // The guard's user type depends on `guard` (AdminUser or Member); callers pass the matching one.
  await ctx.auth.use(guard).login(account as never)
  ctx.session.put(versionKey(guard), account.session_version)
  ctx.session.put(
    deviceKey(guard),
    await openDeviceSession(ctx, guard, account.id, account.session_version)
  )
  touchSession(ctx, guard)
}

/** Ends this request's session of a guard, this device only (the account's other devices stay signed in). */
export async function endSession(ctx: HttpContext, guard: GuardName) {
  const device = ctx.session.get(deviceKey(guard))
  const user = ctx.auth.use(guard).user as SessionAccount | undefined
  if (typeof device === 'string' && user) await closeDeviceSession(device, guard, user.id)
  if (ctx.auth.use(guard).isAuthenticated) await ctx.auth.use(guard).logout()
  ctx.session.forget(idleKey(guard))
  ctx.session.forget(versionKey(guard))
  ctx.session.forget(deviceKey(guard))
}

/**
 * Authenticates the request with one guard, enforcing its idle limit;
 * throws a 401 ApiError with the guard's message otherwise.
 */
export async function requireSession(ctx: HttpContext, guard: GuardName) {
  if (!(await hasActiveSession(ctx, guard))) throw new ApiError(MESSAGES[guard], 401)
}

/**
 * True when the guard's session exists, belongs to the account's current
 * session_version, its device row is open and it is within its idle limit (and then counts as
 * activity); an idle or revoked session is ended here.
 */
export async function hasActiveSession(ctx: HttpContext, guard: GuardName): Promise<boolean> {
  const authenticated = await ctx.auth.use(guard).check()
  const lastSeen = Number(ctx.session.get(idleKey(guard), 0))
  // A logout or password change since sign-in moved the account's version on.
  const account = ctx.auth.use(guard).user as SessionAccount | undefined
  const current = authenticated && ctx.session.get(versionKey(guard)) === account!.session_version
  // A logout or "Sign out this one" on any device deleted this device's row.
  const open =
    current && (await deviceSessionIsOpen(ctx.session.get(deviceKey(guard)), guard, account!.id))
  if (open && Date.now() - lastSeen <= IDLE_LIMIT_MS[guard]) {
    touchSession(ctx, guard, lastSeen)
    return true
  }
  await endSession(ctx, guard)
  return false
}
