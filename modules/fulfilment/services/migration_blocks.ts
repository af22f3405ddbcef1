import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Migration, lockMigration } from '#modules/migrations/index'
import { lockMember, MigrationBlock } from '#modules/members/index'
import { ApiError } from '#modules/shared/index'
import { recordAudit } from '#modules/audit/index'

/**
 * Block or unblock the member of a migration (decisions.md §4). Blocks are
 * never deleted: unblocking lifts the active ones, which stay as history.
 */
export async function setMigrationBlock(migrationId: number, action: 'block' | 'unblock', by: string, reason?: string | null) {
  const migration = await Migration.find(migrationId)
  if (!migration) throw new ApiError('Migration not found', 404)

  await db.transaction(async (trx) => {
    // The member's row is locked so two simultaneous clicks cannot both add an active block,
    // and a payment being decided for the member sees the block or is decided before it. The
    // migration's row first, as a payment event locks them (the block row references it).
    await lockMigration(migration.id, trx)
    await lockMember(migration.member_id, trx)
    const active = await MigrationBlock.query({ client: trx }).where('member_id', migration.member_id).where('active', true)
    if (action === 'block' && active.length === 0) {
      await MigrationBlock.create({ member_id: migration.member_id, migration_id: migration.id, reason: reason ?? null, blocked_by: by, active: true }, { client: trx })
    }
    if (action === 'unblock') {
      for (const block of active) await block.merge({ active: false, lifted_at: DateTime.now() }).save()
    }
    await recordAudit(trx, {
      actor: by,
      action: `migration.${action}`,
      entityType: 'migration',
      entityId: migration.id,
      before: { member_id: migration.member_id, blocked: active.length > 0 },
      after: { member_id: migration.member_id, blocked: action === 'block', reason: action === 'block' ? (reason ?? null) : undefined },
    })
  })
  return { blocked: action === 'block', message: action === 'block' ? 'Successfully blocked member' : 'Successfully unblocked member' }
}
