import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'
import { apiDocument } from '#modules/api_contract/index'
import { ApiError } from '#modules/shared/index'

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** The viewer's files, served from the npm package (no outside CDN); nothing else of the folder is reachable. */
const ASSETS: Record<string, { file?: string; type: string; text?: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: 'swagger-ui-bundle.js',
    type: 'application/javascript; charset=utf-8',
  },
  'init.js': {
    type: 'application/javascript; charset=utf-8',
    text: "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true, validatorUrl: 'none' })\n",
  },
}

const VIEWER = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Member Migration Portal API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="docs"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`

/** GET /api/openapi.json and the self-hosted viewer at /api/docs. */
export default class ApiDocsController {
  async document() {
    return apiDocument()
  }

  async viewer({ response }: HttpContext) {
    response.header('Content-Type', 'text/html; charset=utf-8')
    return response.send(VIEWER)
  }

  async asset({ params, response }: HttpContext) {
    const asset = Object.hasOwn(ASSETS, params.file) ? ASSETS[params.file] : undefined
    if (!asset) throw new ApiError('Not found', 404)
    response.header('Content-Type', asset.type)
    response.header('Cache-Control', 'public, max-age=86400')
    if (asset.text) return response.send(asset.text)
    return response.download(join(SWAGGER_UI, asset.file!))
  }
}
