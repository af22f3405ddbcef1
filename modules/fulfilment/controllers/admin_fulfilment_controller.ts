import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { retryStep } from '../services/admin_retry.js'
import { setMigrationBlock } from '../services/migration_blocks.js'
import { apiLogsOf } from '../services/api_logs.js'
import { blockValidator, migrationIdValidator } from '../validators.js'
import type {
  AdminMigrationsApiLogsAnswer,
  AdminMigrationsBlockAnswer,
  AdminMigrationsRegenerateDocumentsAnswer,
  AdminMigrationsRetryEmailsAnswer,
} from '../api_docs.js'

/** The admin actions on a migration's fulfilment (admin-backoffice.md §7). */
export default class AdminFulfilmentController {
  async retryEmails(ctx: HttpContext): Promise<AdminMigrationsRetryEmailsAnswer> {
    const { params } = await ctx.request.validateUsing(migrationIdValidator)
    return retryStep(params.id, 'emails', adminActor(ctx))
  }

  async retryApi(ctx: HttpContext): Promise<AdminMigrationsRetryEmailsAnswer> {
    const { params } = await ctx.request.validateUsing(migrationIdValidator)
    return retryStep(params.id, 'enrolment', adminActor(ctx))
  }

  async regenerateDocuments(ctx: HttpContext): Promise<AdminMigrationsRegenerateDocumentsAnswer> {
    const { params } = await ctx.request.validateUsing(migrationIdValidator)
    return retryStep(params.id, 'documents', adminActor(ctx))
  }

  async block(ctx: HttpContext): Promise<AdminMigrationsBlockAnswer> {
    const { params, action, reason } = await ctx.request.validateUsing(blockValidator)
    const result = await setMigrationBlock(params.id, action, adminActor(ctx), reason)
    return { success: true, ...result }
  }

  async apiLogs({ request }: HttpContext): Promise<AdminMigrationsApiLogsAnswer> {
    const { params } = await request.validateUsing(migrationIdValidator)
    return { success: true, ...(await apiLogsOf(params.id)) }
  }
}
