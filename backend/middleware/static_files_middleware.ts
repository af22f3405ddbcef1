import app from '@adonisjs/core/services/app'
import StaticMiddleware from '@adonisjs/static/static_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

let files: StaticMiddleware | undefined

/**
 * The built frontend's files (@adonisjs/static, config/static.ts), for every path but the API's.
 * No file lives under /api/, yet the static server looked for one on each API call (a stat and
 * its stream set-up before falling through): about 4 % of the server's CPU under 50 admins on
 * one list (docs/benchmarks.md).
 */
export default class StaticFilesMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.request.url().startsWith('/api/')) return next()
    files ??= await app.container.make(StaticMiddleware)
    return files.handle(ctx, next)
  }
}
