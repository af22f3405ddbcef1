import type { HttpContext } from '@adonisjs/core/http'
import { creditNoteFile, creditNotesOf } from '../credit_notes/credit_note.js'
import { idParamValidator, migrationIdValidator } from '../validators.js'
import type { AdminMigrationsCreditNotesAnswer } from '../api_docs.js'

/** The credit notes of a migration on its detail page, and each one's PDF (docs/payments.md). */
export default class AdminCreditNotesController {
  async index({ request }: HttpContext): Promise<AdminMigrationsCreditNotesAnswer> {
    const { params } = await request.validateUsing(migrationIdValidator)
    return { success: true, creditNotes: await creditNotesOf(params.id) }
  }

  async pdf(ctx: HttpContext) {
    const { id } = await idParamValidator.validate(ctx.params)
    const { fileName, content } = await creditNoteFile(id)
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', `inline; filename="${fileName}"`)
    ctx.response.send(content)
  }
}
