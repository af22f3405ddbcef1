import { Migration } from '#modules/migrations/index'
import { ApiError } from '#modules/shared/index'
import ApiLog from '../models/api_log.js'

type AdminLog = ReturnType<ApiLog['serializeForAdmin']>

/**
 * How many enrolment calls succeeded and failed. One call is one API for one member (and
 * endpoint); a retry is another attempt of the same call, and only its latest attempt counts.
 */
function latestAttemptSummary(logs: AdminLog[]) {
  const latest = new Map<string, AdminLog>()
  for (const log of logs.filter((each) => each.call_type === 'enrolment'))
    latest.set(JSON.stringify([log.api_name, log.endpoint, log.member_id]), log) // logs are oldest first
  const outcomes = [...latest.values()]
  return {
    calls: outcomes.length,
    succeeded: outcomes.filter((log) => log.success).length,
    failed: outcomes.filter((log) => !log.success).length,
    attempts: logs.filter((log) => log.call_type === 'enrolment').length,
  }
}

/** A migration's insurer calls (enrolments, then any cancellation calls, skipped ones with their reason), oldest first, in the spec's API log shape, with the migration they belong to. */
export async function apiLogsOf(migrationId: number) {
  const migration = await Migration.find(migrationId)
  if (!migration) throw new ApiError('Migration not found', 404)
  const rows = await ApiLog.query()
    .where('migration_id', migrationId)
    .orderBy('created_at')
    .orderBy('id')
  const logs = rows.map((log) => log.serializeForAdmin())
  return {
    migration: {
      id: migration.id,
      migration_reference: migration.migration_reference,
      insured_full_name: migration.insured_full_name,
      member_id_str: migration.member_id_str,
    },
    logs,
    summary: latestAttemptSummary(logs),
  }
}
