import { existsSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'

/** Serves the built frontend's index.html for client-side routes. */
export default class SpaController {
  async index({ response }: HttpContext) {
    const indexFile = app.publicPath('index.html')
    if (!existsSync(indexFile)) {
      return response.status(503).send('The frontend is not built yet: run `npm run build:frontend`.')
    }
    response.header('Cache-Control', 'no-cache')
    return response.download(indexFile)
  }

  async apiNotFound({ response }: HttpContext) {
    return response.status(404).send({ success: false, error: 'Not found' })
  }
}
