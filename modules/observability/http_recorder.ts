import { httpRequestDuration, loginAttempts, webhookDelay, webhookEvents } from './metrics.js'

/** The sign-in routes and the kind of sign-in each one is. */
const LOGIN_ROUTES: Record<string, string> = {
  '/api/auth/login': 'member',
  '/api/auth/validate-token': 'token',
  '/api/admin/login': 'admin',
}

function outcome(status: number) {
  if (status === 429) return 'throttled'
  return status < 300 ? 'success' : 'failure'
}

/**
 * One finished request: its duration by route pattern (static files and
 * unknown paths grouped, so a scanner cannot grow the label set), and the
 * outcome of sign-in attempts.
 */
export function recordHttpRequest(
  method: string,
  pattern: string | undefined,
  url: string,
  status: number,
  seconds: number
) {
  const route = pattern ?? (url.startsWith('/api') ? 'unmatched' : 'static')
  httpRequestDuration.observe({ method, route, status: String(status) }, seconds)
  const kind = pattern ? LOGIN_ROUTES[pattern] : undefined
  if (kind && method === 'POST' && status !== 422 && status !== 403)
    loginAttempts.inc({ kind, outcome: outcome(status) })
}

/** A provider event processed; `createdUnix` is when the provider created it (seconds). */
export function recordWebhookEvent(type: string, createdUnix: number) {
  webhookEvents.inc({ type })
  if (Number.isFinite(createdUnix))
    webhookDelay.observe({ type }, Math.max(0, Date.now() / 1000 - createdUnix))
}
