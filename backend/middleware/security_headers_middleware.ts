import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { activeProviderName } from '#modules/payments/index'
import { allowStripeOn, STRIPE_PAGES } from '#start/content_security'

/**
 * API areas whose answers carry personal data or an account's state: never
 * stored by browsers or proxies. /api/auth/ answers name the member
 * (session, login, token sign-in).
 */
const NO_STORE_PREFIXES = [
  '/api/member/',
  '/api/migration/',
  '/api/admin/',
  '/api/auth/',
  '/api/currencies/admin/',
]
/** 180 days. */
const HSTS = 'max-age=15552000'

/**
 * Headers shield does not decide per request. Runs before the session and
 * area guards so that refusals (401, 429) carry them too.
 */
export default class SecurityHeadersMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    const path = request.url()
    const noStore = NO_STORE_PREFIXES.some((prefix) => path.startsWith(prefix))
    response.header('Referrer-Policy', 'same-origin')
    // Adonis adds X-Request-Id only to bodies it writes itself; downloads (streamed files) need it set here.
    const requestId = request.id()
    if (requestId) response.header('X-Request-Id', requestId)
    if (noStore) response.header('Cache-Control', 'no-store')
    // request.protocol() believes X-Forwarded-Proto only from TRUST_PROXY's proxies (config/app.ts).
    if (request.protocol() === 'https') response.header('Strict-Transport-Security', HSTS)
    if (STRIPE_PAGES.has(path) && activeProviderName() === 'stripe')
      allowStripeOn(response.response)
    await next()
    // Again after the handler, which may have set its own (a download, say).
    if (noStore) response.header('Cache-Control', 'no-store')
  }
}
