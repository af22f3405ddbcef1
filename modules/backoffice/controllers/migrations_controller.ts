import type { HttpContext } from '@adonisjs/core/http'
import { sendSharedJson } from '#modules/shared/index'
import { migrationAdminService } from '../services/migration_admin_service.js'
import { filledQuery, idParamValidator, migrationListValidator } from '../validators.js'

export default class MigrationsController {
  async index(ctx: HttpContext) {
    const filters = await migrationListValidator.validate(filledQuery(ctx.request.qs()))
    sendSharedJson(ctx, await migrationAdminService.list(filters))
  }

  async show({ params }: HttpContext) {
    const { id } = await idParamValidator.validate(params)
    return { success: true, migration: await migrationAdminService.find(id) }
  }
}
