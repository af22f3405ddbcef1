import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The liveness answer (backend/start/routes.ts documents the route). */
export const LIVE_ANSWER = { success: true, status: 'live' }

/**
 * Answers the liveness probes before the router middleware: the session
 * middleware reads its store (the database by default) on every routed
 * request, so during a database outage a routed /health/live answered 503
 * and a process manager would restart healthy processes.
 * Only /health/ready reflects the database. (/api/health stays routed: clients
 * take their XSRF cookie from it.)
 */
export default class LivenessMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    if (request.url() !== '/health/live' || !['GET', 'HEAD'].includes(request.method()))
      return next()
    response.header('Cache-Control', 'no-store')
    response.json(LIVE_ANSWER)
  }
}
