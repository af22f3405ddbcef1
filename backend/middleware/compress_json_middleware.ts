import compression from 'compression'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** JSON answers from 1 KB on; built assets are compressed at build time instead (precompressed_assets_middleware). */
const compress = compression({
  threshold: 1024,
  filter: (_req, res) => /^application\/json\b/.test(String(res.getHeader('Content-Type') ?? '')),
})

/**
 * Compresses JSON answers by Accept-Encoding (brotli or gzip) with the `compression` package,
 * which wraps the Node response that Adonis writes once the request is handled.
 */
export default class CompressJsonMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    await new Promise<void>((resolve, reject) => {
      compress(request.request as any, response.response as any, (error?: unknown) =>
        error ? reject(error) : resolve()
      )
    })
    return next()
  }
}
