import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ERASED_TEXT, scrubbedColumns } from '#modules/shared/index'
import { eraseMigrationDocuments } from '#modules/documents/index'
import ApiLog from '../models/api_log.js'

/** A stored payload as it was sent or answered: parsed JSON, else the text. */
function payload(text: string | null) {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * The calls that told the insurer about the family (api_logs), for "Download my data": when,
 * which call, whether it went through, and what was sent and answered about them.
 */
export async function insurerCallsOf(memberIds: number[], migrationIds: number[]) {
  if (memberIds.length === 0 && migrationIds.length === 0) return []
  const calls = await ApiLog.query()
    .where((query) => {
      query.whereIn('member_id', memberIds)
      if (migrationIds.length > 0) query.orWhereIn('migration_id', migrationIds)
    })
    .orderBy('id')
  return calls.map((call) => ({
    migration_id: call.migration_id,
    member_id: call.member_id,
    insurer: call.api_name,
    call_type: call.call_type,
    endpoint: call.endpoint,
    success: Boolean(call.success),
    response_status: call.response_status,
    sent: payload(call.request_payload),
    answered: payload(call.response_payload),
    created_at: call.created_at?.toISO() ?? null,
  }))
}

/**
 * Erasure (docs/privacy.md): the policy documents name the members, so documents deletes their rows
 * in the erasure's transaction and their files after it commits (`removeFiles`); the insurer's
 * API logs keep the calls with the personal texts replaced.
 */
export async function eraseFulfilmentData(
  trx: TransactionClientContract,
  migrationIds: number[],
  texts: string[]
) {
  if (migrationIds.length === 0) return { removeFiles: async () => {} }
  const documents = await eraseMigrationDocuments(trx, migrationIds)
  await ApiLog.query({ client: trx })
    .whereIn('migration_id', migrationIds)
    .update({
      member_name: ERASED_TEXT,
      ...scrubbedColumns(['error_message', 'request_payload', 'response_payload'], texts),
    })
  return documents
}
