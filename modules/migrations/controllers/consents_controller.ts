import type { HttpContext } from '@adonisjs/core/http'
import { consentsOf } from '../services/consent.js'
import { migrationIdValidator } from '../validators.js'
import type { MigrationsConsentsAnswer } from '../api_docs.js'

/** GET /api/admin/migrations/:id/consents (admin area): what the member accepted before paying. */
export default class ConsentsController {
  async index({ params }: HttpContext): Promise<MigrationsConsentsAnswer> {
    const { id } = await migrationIdValidator.validate(params)
    return { success: true, consents: await consentsOf(id) }
  }
}
