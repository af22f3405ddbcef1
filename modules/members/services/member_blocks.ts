import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiError } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import MigrationBlock from '../models/migration_block.js'
import { lockMember } from './member_lock.js'

export interface MemberBlockOptions {
  reason?: string | null
  migrationId?: number | null
  /**
   * Runs first in the transaction: the caller takes the locks that must come before the member's
   * (a payment event locks the migration row, then the member row; a block takes them in the same
   * order so the two never wait on each other).
   */
  lockFirst?: (trx: TransactionClientContract) => Promise<unknown>
}

/**
 * Block or unblock a principal (decisions.md §4), with or without a migration, with its audit
 * entry in the same transaction. Blocks are never deleted: unblocking lifts the active ones,
 * which stay as history. Blocking a blocked member and unblocking an unblocked one change nothing.
 */
export async function setMemberBlock(
  memberId: number,
  action: 'block' | 'unblock',
  actor: Actor,
  options: MemberBlockOptions = {}
) {
  await db.transaction(async (trx) => {
    await options.lockFirst?.(trx)
    // The member's row is locked so two simultaneous clicks cannot both add an active block,
    // and a payment being decided for the member sees the block or is decided before it.
    const member = await lockMember(memberId, trx)
    if (!member) throw new ApiError('Member not found', 404)
    if (member.insured_role !== 'Principal')
      throw new ApiError(
        'Only a principal member can be blocked: block the principal of the family',
        422
      )
    const active = await MigrationBlock.query({ client: trx })
      .where('member_id', memberId)
      .where('active', true)
    if (action === 'block' && active.length === 0) {
      await MigrationBlock.create(
        {
          member_id: memberId,
          migration_id: options.migrationId ?? null,
          reason: options.reason ?? null,
          blocked_by: actor,
          active: true,
        },
        { client: trx }
      )
    }
    if (action === 'unblock') {
      for (const block of active)
        await block.useTransaction(trx).merge({ active: false, lifted_at: DateTime.now() }).save()
    }
    const onMigration = options.migrationId !== undefined && options.migrationId !== null
    await recordAudit(trx, {
      actor,
      action: `${onMigration ? 'migration' : 'member'}.${action}`,
      entityType: onMigration ? 'migration' : 'member',
      entityId: onMigration ? options.migrationId! : memberId,
      before: { member_id: memberId, blocked: active.length > 0 },
      after: {
        member_id: memberId,
        blocked: action === 'block',
        reason: action === 'block' ? (options.reason ?? null) : undefined,
      },
    })
  })
  return {
    blocked: action === 'block',
    message: action === 'block' ? 'Successfully blocked member' : 'Successfully unblocked member',
  }
}

/**
 * Blocks or unblocks each of `memberIds` through setMemberBlock: each member in its own
 * transaction with its own audit entry, as a single block. A member who cannot be blocked (not a
 * principal, not found) is skipped with the reason; the others are done.
 */
export async function setMembersBlock(
  memberIds: number[],
  action: 'block' | 'unblock',
  actor: Actor,
  reason?: string
) {
  let done = 0
  const skipped: { id: number; error: string }[] = []
  for (const id of memberIds) {
    try {
      await setMemberBlock(id, action, actor, { reason })
      done++
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      skipped.push({ id, error: error.message })
    }
  }
  const verb = action === 'block' ? 'blocked' : 'unblocked'
  return {
    done,
    skipped,
    message: `Successfully ${verb} ${done} member${done === 1 ? '' : 's'}`,
  }
}
