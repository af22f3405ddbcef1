import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { MigrationBlock, type Member } from '#modules/members/index'
import { translateMemberMessage, type Language } from '#modules/shared/index'
import Migration from '../models/migration.js'

/** Migrations that block another one for the same member: paid (processing) or done. */
const BLOCKING_STATUSES = ['completed', 'completed_with_warnings', 'processing']

type BlockReason = 'admin_block' | 'already_migrated' | 'migration_processing'

export interface MigrationStatusAnswer {
  blocked: boolean
  reason: string | null
  reasonCode: BlockReason | null
}

/** What the member is told; an admin's internal block note is never shown. */
const REASONS: Record<BlockReason, string> = {
  admin_block: 'Your migration is on hold. Please contact support for assistance.',
  already_migrated: 'Your coverage has already been migrated and cannot be migrated again.',
  migration_processing: 'Your migration payment has been received and is being processed.',
}

/**
 * decisions.md §4: a member is blocked by an active admin block, a completed (with or without
 * warnings) migration, or one that is processing. Checked for the principal whose session it is;
 * inside a transaction when the answer decides a write (under the member's row lock).
 */
export async function migrationStatusOf(
  member: Member,
  client?: QueryClientContract,
  /** The language of the reason (the request's); the code stays the same in every language. */
  language: Language = 'en',
  /** A renewal is not blocked by the migration it renews (docs/fulfilment.md, "The end of the term"). */
  options: { renewalOf?: number | null } = {}
): Promise<MigrationStatusAnswer> {
  const code = await blockReasonOf(member, client, options.renewalOf ?? null)
  return {
    blocked: code !== null,
    reason: code ? translateMemberMessage(REASONS[code], language) : null,
    reasonCode: code,
  }
}

async function blockReasonOf(
  member: Member,
  client: QueryClientContract | undefined,
  renewalOf: number | null
): Promise<BlockReason | null> {
  const block = await MigrationBlock.query(client ? { client } : {})
    .where('member_id', member.id)
    .where('active', true)
    .first()
  if (block) return 'admin_block'
  const migration = await blockingMigrationOf(member.id, {
    client,
    except: renewalOf ? [renewalOf] : [],
  })
  if (!migration) return null
  return migration.status === 'processing' ? 'migration_processing' : 'already_migrated'
}

/**
 * The member's migration that blocks any other (decisions.md §4: completed, completed with
 * warnings, or processing), a finished one first; `except` leaves out the migration being paid and the one it renews.
 * A decision taken on it runs in a lockingTransaction under the member's row lock: a migration
 * becomes processing only under that lock, and READ COMMITTED reads see the latest commit. No
 * row of migrations is locked here, so this never waits on a payment holding its migration row.
 */
export async function blockingMigrationOf(
  memberId: number,
  options: { except?: number[]; client?: QueryClientContract } = {}
) {
  const query = Migration.query(options.client ? { client: options.client } : {})
    .where('member_id', memberId)
    .whereIn('status', BLOCKING_STATUSES)
  if (options.except?.length) query.whereNotIn('id', options.except)
  const rows = await query.orderBy('id')
  return rows.find((row) => row.status !== 'processing') ?? rows[0] ?? null
}
