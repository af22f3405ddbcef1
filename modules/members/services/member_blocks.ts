import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ApiError } from '#modules/shared/index'
import Member from '../models/member.js'
import MigrationBlock from '../models/migration_block.js'

/**
 * Block or unblock a principal (decisions.md §4), with or without a migration. Blocks are never
 * deleted: unblocking lifts the active ones, which stay as history. Blocking a blocked member and
 * unblocking an unblocked one change nothing.
 */
export async function setMemberBlock(memberId: number, action: 'block' | 'unblock', by: string, options: { reason?: string | null; migrationId?: number | null } = {}) {
  await db.transaction(async (trx) => {
    // The member's row is locked so two simultaneous clicks cannot both add an active block.
    const lock = Member.query({ client: trx }).where('id', memberId)
    if (!trx.dialect.name.includes('sqlite')) lock.forUpdate()
    const member = await lock.first()
    if (!member) throw new ApiError('Member not found', 404)
    if (member.insured_role !== 'Principal') throw new ApiError('Only a principal member can be blocked: block the principal of the family', 422)
    const active = await MigrationBlock.query({ client: trx }).where('member_id', memberId).where('active', true)
    if (action === 'block' && active.length === 0) {
      await MigrationBlock.create({ member_id: memberId, migration_id: options.migrationId ?? null, reason: options.reason ?? null, blocked_by: by, active: true }, { client: trx })
    }
    if (action === 'unblock') {
      for (const block of active) await block.useTransaction(trx).merge({ active: false, lifted_at: DateTime.now() }).save()
    }
  })
  return { blocked: action === 'block', message: action === 'block' ? 'Successfully blocked member' : 'Successfully unblocked member' }
}
