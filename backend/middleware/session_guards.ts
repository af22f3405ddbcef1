import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'

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

/** Marks a guard's session as active now (call after login). */
export function touchSession(ctx: HttpContext, guard: GuardName) {
  ctx.session.put(idleKey(guard), Date.now())
}

/**
 * Authenticates the request with one guard, enforcing its idle limit;
 * throws a 401 ApiError with the guard's message otherwise.
 */
export async function requireSession(ctx: HttpContext, guard: GuardName) {
  if (!(await hasActiveSession(ctx, guard))) throw new ApiError(MESSAGES[guard], 401)
}

/**
 * True when the guard's session exists and is within its idle limit (and
 * then counts as activity); an idle session is ended here.
 */
export async function hasActiveSession(ctx: HttpContext, guard: GuardName): Promise<boolean> {
  const authenticated = await ctx.auth.use(guard).check()
  const lastSeen = Number(ctx.session.get(idleKey(guard), 0))
  if (authenticated && Date.now() - lastSeen <= IDLE_LIMIT_MS[guard]) {
    touchSession(ctx, guard)
    return true
  }
  if (authenticated) await ctx.auth.use(guard).logout()
  ctx.session.forget(idleKey(guard))
  return false
}
