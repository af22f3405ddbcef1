import { join, normalize } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { precompressedVariant } from './precompressed.js'

/** The file under frontend/dist/assets a URL path names, or null (a malformed or escaping path). */
function assetFile(pathname: string) {
  try {
    const file = join(app.publicPath(), normalize(decodeURIComponent(pathname)))
    return file.startsWith(app.publicPath('assets')) ? file : null
  } catch {
    return null
  }
}

/**
 * Runs before the static middleware: a GET or HEAD of a built asset that has a brotli or gzip
 * twin is pointed at that twin (the URL the static server reads gets its suffix) with the
 * matching Content-Encoding and the original's Content-Type. Cache-Control comes from
 * config/static.ts.
 */
export default class PrecompressedAssetsMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    const raw = request.request
    const [pathname, query] = (raw.url ?? '').split('?', 2)
    if ((raw.method === 'GET' || raw.method === 'HEAD') && pathname.startsWith('/assets/')) {
      const file = assetFile(pathname)
      if (file) {
        const variant = await precompressedVariant(request, file)
        for (const [name, value] of Object.entries(variant.headers)) response.header(name, value)
        if (variant.suffix)
          raw.url = pathname + variant.suffix + (query === undefined ? '' : `?${query}`)
      }
    }
    return next()
  }
}
