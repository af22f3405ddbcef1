import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { recordHttpRequest } from '#modules/observability/index'

/**
 * Times every request until its answer is sent (errors included: the
 * handler has answered by then) and records it by route pattern, so ids in
 * URLs do not explode the label set.
 */
export default class RequestMetricsMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const started = process.hrtime.bigint()
    const response = ctx.response.response
    response.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      recordHttpRequest(
        ctx.request.method(),
        ctx.route?.pattern,
        ctx.request.url(),
        response.statusCode,
        seconds
      )
    })
    return next()
  }
}
