import type { HttpContext } from '@adonisjs/core/http'
import { cancelCoverage } from '#modules/fulfilment/index'
import { settingsService } from '#modules/settings/index'
import { signedInMember } from './signed_in_member.js'
import type { MemberWithdrawalAnswer } from '../withdrawal_docs.js'

/** Withdraw from the member area within the cooling-off period: the same cancellation an administrator makes. */
export default class WithdrawalController {
  async show(ctx: HttpContext): Promise<MemberWithdrawalAnswer> {
    const view = await cancelCoverage.memberView(signedInMember(ctx).id)
    return {
      success: true,
      offer: view.offer,
      withdrawal: view.withdrawal,
      supportEmail: await settingsService.get('BRAND_SUPPORT_EMAIL', ''),
    }
  }

  async store(ctx: HttpContext): Promise<MemberWithdrawalAnswer> {
    const member = signedInMember(ctx)
    const view = await cancelCoverage.byMember(member.id, `member:${member.member_id}`)
    return {
      success: true,
      offer: view.offer,
      withdrawal: view.withdrawal,
      supportEmail: await settingsService.get('BRAND_SUPPORT_EMAIL', ''),
    }
  }
}
