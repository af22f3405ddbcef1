import type { HttpContext } from '@adonisjs/core/http'
import type { AdminRole } from '#modules/admins/index'
import { adminNotes } from '../services/admin_notes.js'
import {
  idParamValidator,
  noteCreateValidator,
  noteListValidator,
  noteUpdateValidator,
} from '../validators.js'
import type {
  BackofficeNoteAnswer,
  BackofficeNoteDeletedAnswer,
  BackofficeNotesAnswer,
} from '../api_docs.js'

const author = (ctx: HttpContext) =>
  ctx.auth.use('admin').user as unknown as { id: number; username: string; role: AdminRole | null }

/** Notes on a member or a migration, shown on their detail screens (docs/backoffice.md, "Notes"). */
export default class AdminNotesController {
  async index(ctx: HttpContext): Promise<BackofficeNotesAnswer> {
    const { entityType, entityId } = await noteListValidator.validate(ctx.request.qs())
    return { success: true, notes: await adminNotes.list(entityType, entityId, author(ctx)) }
  }

  async store(ctx: HttpContext): Promise<BackofficeNoteAnswer> {
    const input = await ctx.request.validateUsing(noteCreateValidator)
    ctx.response.status(201)
    return { success: true, note: await adminNotes.create(input, author(ctx)) }
  }

  async update(ctx: HttpContext): Promise<BackofficeNoteAnswer> {
    const { id } = await idParamValidator.validate(ctx.params)
    const { body } = await ctx.request.validateUsing(noteUpdateValidator)
    return { success: true, note: await adminNotes.update(id, body, author(ctx)) }
  }

  async destroy(ctx: HttpContext): Promise<BackofficeNoteDeletedAnswer> {
    const { id } = await idParamValidator.validate(ctx.params)
    await adminNotes.remove(id, author(ctx))
    return { success: true, message: 'Note deleted' }
  }
}
