import { timingSafeEqual } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { ApiError } from '#modules/shared/index'
import { renderMetrics, registry } from '../metrics.js'

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * GET /metrics: Prometheus text, for a scraper holding METRICS_TOKEN as a
 * bearer token. Without the variable the endpoint does not exist (404).
 */
export default class MetricsController {
  async show({ request, response }: HttpContext) {
    const token = env.get('METRICS_TOKEN')
    if (!token) throw new ApiError('Not found', 404)
    const header = request.header('authorization') ?? ''
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), token)) {
      response.header('WWW-Authenticate', 'Bearer realm="metrics"')
      throw new ApiError('Authentication required', 401)
    }
    response.header('Content-Type', registry.contentType)
    response.header('Cache-Control', 'no-store')
    return response.send(await renderMetrics())
  }
}
