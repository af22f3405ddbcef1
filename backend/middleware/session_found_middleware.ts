import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { sessionsFoundInStore } from './session_cookie_middleware.js'

/**
 * Right after the session middleware read the session (and before shield puts an XSRF secret in
 * a new one): notes whether the store had it, for SessionCookieMiddleware.
 */
export default class SessionFoundMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.session && !ctx.session.isEmpty) sessionsFoundInStore.add(ctx.session)
    return next()
  }
}
