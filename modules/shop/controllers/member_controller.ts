import type { HttpContext } from '@adonisjs/core/http'
import type { Member } from '#modules/members/index'
import { migrationStatusOf } from '#modules/migrations/index'
import { memberDetails, updateMemberEmail } from '../services/member_profile.js'
import { paymentFrequencySettings } from '../services/shop_catalogue.js'
import { updateEmailValidator } from '../validators.js'

/** The signed-in member's own data; the area guard has already required a member session. */
const principalOf = (ctx: HttpContext) => ctx.auth.use('member').user as Member

export default class MemberController {
  async details(ctx: HttpContext) {
    return { success: true, ...(await memberDetails(principalOf(ctx))) }
  }

  async updateEmail(ctx: HttpContext) {
    const { newEmail } = await ctx.request.validateUsing(updateEmailValidator)
    const details = await updateMemberEmail(principalOf(ctx), newEmail)
    return { success: true, message: 'Email updated successfully', ...details }
  }

  async migrationStatus(ctx: HttpContext) {
    return { success: true, ...(await migrationStatusOf(principalOf(ctx))) }
  }

  async paymentFrequencies(ctx: HttpContext) {
    return { success: true, ...(await paymentFrequencySettings(principalOf(ctx))) }
  }
}
