import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Session } from '@adonisjs/session'

/** Sessions whose cookie named a session the store still had when the request came in. */
export const sessionsFoundInStore = new WeakSet<Session>()

/**
 * Sends the session cookie only when it says something new: a new or regenerated session, or a
 * change to one the store still had (a sign-out, the idle clock moved on, at most once a minute:
 * session_guards.ts). The session middleware re-sent it on every answer, so an answer to a call
 * sent just before a sign-in, with the old anonymous session's cookie, arrived after the
 * sign-in's answer and put the old cookie back (the sign-in had deleted that session; the late
 * call started a new one under its id for the XSRF secret): the browser was signed out again
 * (two tabs, or a page still loading while its user signs in). Runs around the session
 * middleware: after its commit, before the answer goes out. SessionFoundMiddleware, inside it,
 * notes whether the store had the session.
 */
export default class SessionCookieMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await next()
    const session = ctx.session
    if (!session) return
    const name = session.config.cookieName
    const sameId = ctx.request.cookie(name) === session.sessionId
    const changed = session.hasBeenModified && sessionsFoundInStore.has(session)
    if (!sameId || changed) return
    const cookies = ctx.response.getHeader('set-cookie')
    if (!Array.isArray(cookies)) return
    const others = cookies.filter((cookie) => !String(cookie).startsWith(`${name}=`))
    if (others.length === cookies.length) return
    ctx.response.removeHeader('set-cookie')
    if (others.length) ctx.response.header('set-cookie', others)
  }
}
