import type { HttpContext } from '@adonisjs/core/http'
import { sendListExport } from '#modules/audit/index'
import { sendSharedJson } from '#modules/shared/index'
import { migrationAdminService } from '../services/migration_admin_service.js'
import { MIGRATION_EXPORT_COLUMNS, migrationExportSource } from '../services/migration_export.js'
import {
  filledQuery,
  idParamValidator,
  migrationExportValidator,
  migrationListValidator,
} from '../validators.js'
import type {
  BackofficeMigrationsIndexAnswer,
  BackofficeMigrationsShowAnswer,
} from '../api_docs.js'

export default class MigrationsController {
  async index(ctx: HttpContext) {
    const filters = await migrationListValidator.validate(filledQuery(ctx.request.qs()))
    const answer: Omit<BackofficeMigrationsIndexAnswer, 'success'> =
      await migrationAdminService.list(filters)
    sendSharedJson(ctx, answer)
  }

  /** Every migration of the list's filters, in its order, as CSV or XLSX (streamed, audited). */
  async export(ctx: HttpContext) {
    const { format, ...filters } = await migrationExportValidator.validate(
      filledQuery(ctx.request.qs())
    )
    await sendListExport(ctx, {
      list: 'migrations',
      filters,
      format: format ?? 'csv',
      columns: MIGRATION_EXPORT_COLUMNS,
      source: migrationExportSource(filters),
    })
  }

  async show({ params }: HttpContext): Promise<BackofficeMigrationsShowAnswer> {
    const { id } = await idParamValidator.validate(params)
    return { success: true, migration: await migrationAdminService.find(id) }
  }
}
