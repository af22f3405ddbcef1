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
  const authenticated = await ctx.auth.use(guard).check()
  const lastSeen = Number(ctx.session.get(idleKey(guard), 0))
  if (authenticated && Date.now() - lastSeen <= IDLE_LIMIT_MS[guard]) {
    touchSession(ctx, guard)
    return
  }
  if (authenticated) await ctx.auth.use(guard).logout()
  ctx.session.forget(idleKey(guard))
  throw new ApiError(MESSAGES[guard], 401)
}
