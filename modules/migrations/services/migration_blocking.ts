import { MigrationBlock, type Member } from '#modules/members/index'
import Migration from '../models/migration.js'

export type BlockReason = 'admin_block' | 'already_migrated' | 'migration_processing'

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
 * warnings) migration, or one that is processing. Checked for the principal whose session it is.
 */
export async function migrationStatusOf(member: Member): Promise<MigrationStatusAnswer> {
  const code = await blockReasonOf(member)
  return { blocked: code !== null, reason: code ? REASONS[code] : null, reasonCode: code }
}

async function blockReasonOf(member: Member): Promise<BlockReason | null> {
  const block = await MigrationBlock.query().where('member_id', member.id).where('active', true).first()
  if (block) return 'admin_block'
  const migrations = await Migration.query()
    .where('member_id', member.id)
    .whereIn('status', ['completed', 'completed_with_warnings', 'processing'])
    .select('status')
  if (migrations.some((row) => row.status !== 'processing')) return 'already_migrated'
  if (migrations.length > 0) return 'migration_processing'
  return null
}
