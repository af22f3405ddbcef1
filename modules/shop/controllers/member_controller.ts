import type { HttpContext } from '@adonisjs/core/http'
import { signedInMember } from './signed_in_member.js'
import { migrationStatusOf } from '#modules/migrations/index'
import { memberDetails, updateMemberEmail } from '../services/member_profile.js'
import { paymentFrequencySettings } from '../services/shop_catalogue.js'
import { updateEmailValidator } from '../validators.js'
import type {
  MemberDetailsAnswer,
  MemberMigrationStatusAnswer,
  MemberPaymentFrequenciesAnswer,
  MemberUpdateEmailAnswer,
} from '../api_docs.js'

export default class MemberController {
  async details(ctx: HttpContext): Promise<MemberDetailsAnswer> {
    return { success: true, ...(await memberDetails(signedInMember(ctx))) }
  }

  async updateEmail(ctx: HttpContext): Promise<MemberUpdateEmailAnswer> {
    const { newEmail } = await ctx.request.validateUsing(updateEmailValidator)
    const details = await updateMemberEmail(signedInMember(ctx), newEmail)
    return { success: true, message: 'Email updated successfully', ...details }
  }

  async migrationStatus(ctx: HttpContext): Promise<MemberMigrationStatusAnswer> {
    return { success: true, ...(await migrationStatusOf(signedInMember(ctx))) }
  }

  async paymentFrequencies(ctx: HttpContext): Promise<MemberPaymentFrequenciesAnswer> {
    return { success: true, ...(await paymentFrequencySettings(signedInMember(ctx))) }
  }
}
