import db from '@adonisjs/lucid/services/db'
import { ApiError } from '#modules/shared/index'
import { jobQueue } from '#modules/jobs/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { countRows } from './database_stats.js'

export const CLEAN_PHRASE = 'DELETE ALL DATA'
export const WRONG_PHRASE = 'Please type "DELETE ALL DATA" to confirm'

/**
 * What the clean-up empties, children before parents: migrations and all
 * that hangs off them (members of a migration, installments, payments,
 * subscriptions, enrolment logs, documents, email records), then the
 * members and what belongs to them (blocks, email overrides, secure-link
 * tokens). Queued background jobs about a migration go too (see
 * cleanDatabase). Products, settings, templates, currencies and admins
 * stay, and so does the audit trail (the clean-up is an entry of its own).
 * docs/people.md lists it all with the reasons.
 */
const TABLES_IN_ORDER = [
  'api_logs',
  'documents',
  'email_deliveries',
  'payment_intent_links',
  'payments',
  'subscriptions',
  'installments',
  'migration_members',
  'migration_blocks',
  'email_overrides',
  'invitation_reminders',
  'migration_tokens',
  'migrations',
  'members',
] as const

export interface CleanResult {
  deletedCounts: { members: number; migrations: number }
}

/** Empties the member and migration data in one transaction; the phrase is checked here, not only on screen. */
export async function cleanDatabase(confirmation: string, actor: Actor): Promise<CleanResult> {
  if (confirmation !== CLEAN_PHRASE) throw new ApiError(WRONG_PHRASE, 422)
  return db.transaction(async (trx) => {
    const deletedCounts = { members: await countRows(trx, 'members'), migrations: await countRows(trx, 'migrations') }
    // Dependants point at principals; unlink first so the order of deletion never matters.
    await trx.from('members').whereNotNull('principal_id').update({ principal_id: null })
    for (const table of TABLES_IN_ORDER) await trx.from(table).delete()
    // Fulfilment steps and cancellation alerts name their migration ({ migrationId }): with the
    // migrations gone they could only fail, retry and fail again.
    await jobQueue.removeWithPayloadKey('migrationId', trx)
    await recordAudit(trx, { actor, action: 'data.clean', entityType: 'database', before: deletedCounts })
    return { deletedCounts }
  })
}
