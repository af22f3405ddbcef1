import type { HttpContext } from '@adonisjs/core/http'
import { stopFuturePayments } from '#modules/fulfilment/index'
import { settingsService } from '#modules/settings/index'
import { signedInMember } from './signed_in_member.js'
import { stopPaymentsValidator } from '../validators.js'
import type { MemberStopPaymentsAnswer } from '../stop_payments_docs.js'

/** Stop future payments from the member area (docs/shop.md, "Stop future payments"): the quote, then the confirmation. */
export default class StopPaymentsController {
  async show(ctx: HttpContext): Promise<MemberStopPaymentsAnswer> {
    const view = await stopFuturePayments.view(signedInMember(ctx).id)
    return { success: true, ...view, supportEmail: await supportEmail() }
  }

  async store(ctx: HttpContext): Promise<MemberStopPaymentsAnswer> {
    const member = signedInMember(ctx)
    const input = await ctx.request.validateUsing(stopPaymentsValidator)
    const view = await stopFuturePayments.confirm(member.id, input, `member:${member.member_id}`)
    return { success: true, ...view, supportEmail: await supportEmail() }
  }
}

const supportEmail = () => settingsService.get('BRAND_SUPPORT_EMAIL', '')
