import type { HttpContext } from '@adonisjs/core/http'
import { frozenQuoteOf } from '../services/frozen_quote.js'
import { migrationIdValidator } from '../validators.js'
import type { MigrationsFrozenQuoteAnswer } from '../api_docs.js'

/** GET /api/admin/migrations/:id/frozen-quote (admin area). */
export default class FrozenQuoteController {
  async show({ params }: HttpContext): Promise<MigrationsFrozenQuoteAnswer> {
    const { id } = await migrationIdValidator.validate(params)
    return { success: true, quote: await frozenQuoteOf(id) }
  }
}
