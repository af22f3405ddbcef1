import { Migration } from '#modules/migrations/index'
import { ApiError } from '#modules/shared/index'
import ApiLog from '../models/api_log.js'

/** A migration's enrolment calls, oldest first, in the spec's API log shape. */
export async function apiLogsOf(migrationId: number) {
  if (!(await Migration.find(migrationId))) throw new ApiError('Migration not found', 404)
  const logs = await ApiLog.query().where('migration_id', migrationId).orderBy('created_at').orderBy('id')
  return logs.map((log) => log.serializeForAdmin())
}
