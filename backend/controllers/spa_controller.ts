import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import { precompressedVariant } from '#backend/middleware/precompressed'
import { isSignInPath, signInPage, type SignInPage } from '#backend/services/sign_in_page'
import { isLanguage, pickLanguage } from '../../shared_data/languages.js'

/** The shop's language of this visitor: the switcher's cookie (shop_language), else Accept-Language. */
function visitorLanguage({ request }: HttpContext) {
  const chosen = request.plainCookie('shop_language', { encoded: false })
  return isLanguage(chosen) ? chosen : pickLanguage(request.header('accept-language'))
}

/**
 * Serves the built frontend's pages for client-side routes: admin.html (the back-office entry,
 * which preloads the whole react-admin shell) under /admin, index.html (the shop) elsewhere.
 * Always revalidated (`no-cache`): they name the hashed files of the current build.
 */
export default class SpaController {
  async index(ctx: HttpContext) {
    const { request, response } = ctx
    const path = request.url()
    if (isSignInPath(path)) {
      // Drawing the page is an optimisation: if it fails, the plain page still works.
      const signIn = await signInPage(path, request.qs(), visitorLanguage(ctx)).catch((error) => {
        ctx.logger.error(
          { err: error, path },
          'drawing the sign-in page failed; serving the plain page'
        )
        return null
      })
      if (signIn) return this.sendSignInPage(ctx, signIn)
    }
    const page = app.publicPath(path.startsWith('/admin/') ? 'admin.html' : 'index.html')
    const variant = await precompressedVariant(request, page)
    const stats = await stat(page + variant.suffix).catch(() => null)
    if (!stats) {
      return response
        .status(503)
        .send('The frontend is not built yet: run `npm run build:frontend`.')
    }
    response.header('Cache-Control', 'no-cache')
    response.header('Content-Type', 'text/html; charset=utf-8')
    for (const [name, value] of Object.entries(variant.headers)) response.header(name, value)
    response.header('Last-Modified', stats.mtime.toUTCString())
    response.setEtag(stats, true)
    if (response.fresh()) return response.status(304).send(null)
    response.header('Content-Length', stats.size)
    return response.stream(createReadStream(page + variant.suffix))
  }

  /** /shop/login or /admin/login with the sign-in page in its HTML (services/sign_in_page.ts): built per branding, so no Last-Modified. */
  private sendSignInPage({ request, response }: HttpContext, page: SignInPage) {
    response.header('Cache-Control', 'no-cache')
    response.header('Content-Type', 'text/html; charset=utf-8')
    // The shop's page is drawn in the visitor's language (its choice's cookie, else Accept-Language).
    response.header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
    response.header('ETag', page.etag)
    if (response.fresh()) return response.status(304).send(null)
    const encoding = request.encoding(['br']) || request.encoding(['gzip'])
    const body =
      encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : Buffer.from(page.body)
    if (encoding === 'br' || encoding === 'gzip') response.header('Content-Encoding', encoding)
    response.header('Content-Length', body.length)
    return response.send(body)
  }

  async apiNotFound({ request, response }: HttpContext) {
    return response
      .status(404)
      .send({ success: false, error: 'Not found', requestId: request.id() })
  }
}
