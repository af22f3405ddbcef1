import type { HttpContext } from '@adonisjs/core/http'
import { retryStep } from '../services/admin_retry.js'
import { setMigrationBlock } from '../services/migration_blocks.js'
import { apiLogsOf } from '../services/api_logs.js'
import { blockValidator, migrationIdValidator } from '../validators.js'

/** The admin actions on a migration's fulfilment (admin-backoffice.md §7). */
export default class AdminFulfilmentController {
  async retryEmails({ request }: HttpContext) {
    const { params } = await request.validateUsing(migrationIdValidator)
    return retryStep(params.id, 'emails')
  }

  async retryApi({ request }: HttpContext) {
    const { params } = await request.validateUsing(migrationIdValidator)
    return retryStep(params.id, 'enrolment')
  }

  async regenerateDocuments({ request }: HttpContext) {
    const { params } = await request.validateUsing(migrationIdValidator)
    return retryStep(params.id, 'documents')
  }

  async block({ request, auth }: HttpContext) {
    const { params, action, reason } = await request.validateUsing(blockValidator)
    const result = await setMigrationBlock(params.id, action, auth.use('admin').user!.username, reason)
    return { success: true, ...result }
  }

  async apiLogs({ request }: HttpContext) {
    const { params } = await request.validateUsing(migrationIdValidator)
    return { success: true, ...(await apiLogsOf(params.id)) }
  }
}
