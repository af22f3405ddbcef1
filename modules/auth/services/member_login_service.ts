import { findPrincipalByMemberId, type Member } from '#modules/members/index'
import { catalogSnapshot } from '#modules/catalog/index'
import { getBranding } from '#modules/settings/index'
import { ApiError, textKey } from '#modules/shared/index'
import { throttledAttempt } from './login_throttle.js'

const INVALID_CREDENTIALS = 'Invalid member ID or date of birth'

/** Refuses a member whose product is disabled (decisions.md §3). */
export async function assertProductEnabled(member: Member) {
  if (!member.product_name) return
  const product = (await catalogSnapshot()).product(member.product_name)
  if (product?.disabled) {
    const { supportEmail } = await getBranding()
    throw new ApiError(
      `Your coverage cannot be migrated online. Please contact ${supportEmail} for assistance.`,
      403
    )
  }
}

/**
 * Member sign-in with member ID and date of birth of a principal. Wrong ID
 * and wrong date give the same message so IDs cannot be probed. The ID's case does not
 * matter (findPrincipalByMemberId), so one member is throttled under one key however typed.
 */
export async function loginMember(
  memberId: string,
  dateOfBirth: string,
  ip: string
): Promise<Member> {
  return throttledAttempt(`member_${textKey(memberId)}`, ip, async () => {
    const member = await findPrincipalByMemberId(memberId)
    if (!member || member.date_of_birth.toISODate() !== dateOfBirth) {
      throw new ApiError(INVALID_CREDENTIALS, 401)
    }
    await assertProductEnabled(member)
    return member
  })
}
