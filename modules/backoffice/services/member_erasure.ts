import { ApiError, lockingTransaction } from '#modules/shared/index'
import { recordAudit, eraseAuditTexts, type Actor } from '#modules/audit/index'
import { eraseFamilyMembers, familyPersonalValues, lockForErasure } from '#modules/members/index'
import { eraseMigrations, migrationIdsOf } from '#modules/migrations/index'
import { erasePaymentTexts } from '#modules/payments/index'
import { eraseFulfilmentData } from '#modules/fulfilment/index'
import { eraseNotificationData } from '#modules/notifications/index'
import { endFamilySessions } from '#modules/auth/index'
import { adminNotes } from './admin_notes.js'

/** The typed confirmation of an erasure: "ERASE" and the member's ID, as Clean database's phrase. */
const erasurePhrase = (memberId: string) => `ERASE ${memberId}`

export interface ErasureOutcome {
  erased: boolean
  memberId: string
  erasedAt: string
  members: number
  migrations: number
}

/**
 * Answers a principal's erasure request (docs/privacy.md) for the whole family: each module
 * anonymises its own tables through its index.ts, in one transaction under the principal's row
 * lock, with one audit entry. A second request (or one of a burst) finds erased_at set and
 * changes nothing (`erased: false`). The family's sessions end once the erasure committed.
 */
export async function eraseMember(
  memberId: number,
  confirmation: string,
  actor: Actor
): Promise<ErasureOutcome> {
  const outcome = await lockingTransaction(async (trx) => {
    const principal = await lockForErasure(memberId, trx)
    if (!principal) throw new ApiError('Member not found', 404)
    if (principal.principal_id !== null)
      throw new ApiError("A dependant is erased with their principal's family", 422)
    if (confirmation !== erasurePhrase(principal.member_id))
      throw new ApiError(`Please type "${erasurePhrase(principal.member_id)}" to confirm`, 422)
    const migrationIds = await migrationIdsOf(principal.id, trx)
    if (principal.erased_at) {
      return {
        erased: false,
        memberId: principal.member_id,
        erasedAt: principal.erased_at.toUTC().toISO()!,
        memberIds: [] as number[],
        migrations: migrationIds.length,
        removeFiles: async () => {},
      }
    }
    const { memberIds, texts } = await familyPersonalValues(principal, trx)
    await eraseMigrations(trx, migrationIds, texts)
    await erasePaymentTexts(trx, migrationIds, texts)
    const documents = await eraseFulfilmentData(trx, migrationIds, texts)
    await eraseNotificationData(trx, memberIds, migrationIds, texts)
    await eraseAuditTexts(trx, texts)
    await adminNotes.erase(trx, memberIds, migrationIds)
    await eraseFamilyMembers(trx, memberIds, texts)
    await recordAudit(trx, {
      actor,
      action: 'member.erased',
      entityType: 'member',
      entityId: principal.id,
      after: {
        member_id: principal.member_id,
        family_members: memberIds.length,
        migrations: migrationIds.length,
      },
    })
    return {
      erased: true,
      memberId: principal.member_id,
      erasedAt: new Date().toISOString(),
      memberIds,
      migrations: migrationIds.length,
      removeFiles: documents.removeFiles,
    }
  })
  if (outcome.erased) {
    await endFamilySessions(outcome.memberIds)
    await outcome.removeFiles()
  }
  return {
    erased: outcome.erased,
    memberId: outcome.memberId,
    erasedAt: outcome.erasedAt,
    members: outcome.memberIds.length,
    migrations: outcome.migrations,
  }
}
