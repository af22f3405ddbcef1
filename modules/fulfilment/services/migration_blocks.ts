import { Migration, lockMigration } from '#modules/migrations/index'
import { setMemberBlock } from '#modules/members/index'
import { ApiError } from '#modules/shared/index'

/**
 * Block or unblock the member of a migration (decisions.md §4). Blocks are
 * never deleted: unblocking lifts the active ones, which stay as history.
 */
export async function setMigrationBlock(
  migrationId: number,
  action: 'block' | 'unblock',
  by: string,
  reason?: string | null
) {
  const migration = await Migration.find(migrationId)
  if (!migration) throw new ApiError('Migration not found', 404)
  // The migration's row first, as a payment event locks them (the block row references it).
  return setMemberBlock(migration.member_id, action, by, {
    reason,
    migrationId: migration.id,
    lockFirst: (trx) => lockMigration(migration.id, trx),
  })
}
