import type { HttpContext } from '@adonisjs/core/http'
import { readinessChecks } from '#start/health'
import { LIVE_ANSWER } from '#backend/middleware/liveness_middleware'

/**
 * Liveness and readiness for load balancers and orchestrators. The answer
 * names each check and its status only; details (addresses, errors) go to
 * the log.
 */
export default class HealthController {
  /**
   * The process answers HTTP: nothing else is checked (a restart would not fix the database).
   * A GET is answered by liveness_middleware before the router (and its session) is reached.
   */
  live() {
    return LIVE_ANSWER
  }

  /** Database reachable, migrations applied, worker alive: 200, else 503. */
  async ready({ request, response, logger }: HttpContext) {
    const report = await readinessChecks().run()
    const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.status]))
    if (!report.isHealthy) {
      logger.warn(
        { checks: report.checks.map(({ name, status, message }) => ({ name, status, message })) },
        'not ready'
      )
      return response.status(503).header('Cache-Control', 'no-store').send({
        success: false,
        status: 'not ready',
        error: 'Service temporarily unavailable',
        checks,
        requestId: request.id(),
      })
    }
    return response
      .header('Cache-Control', 'no-store')
      .send({ success: true, status: 'ready', checks })
  }
}
