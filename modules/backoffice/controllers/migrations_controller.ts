import type { HttpContext } from '@adonisjs/core/http'
import { sendSharedJson } from '#modules/shared/index'
import { migrationAdminService } from '../services/migration_admin_service.js'
import { filledQuery, idParamValidator, migrationListValidator } from '../validators.js'
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

  async show({ params }: HttpContext): Promise<BackofficeMigrationsShowAnswer> {
    const { id } = await idParamValidator.validate(params)
    return { success: true, migration: await migrationAdminService.find(id) }
  }
}
