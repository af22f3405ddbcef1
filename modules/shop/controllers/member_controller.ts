import type { HttpContext } from '@adonisjs/core/http'
import { signedInMember } from './signed_in_member.js'
import { migrationStatusOf } from '#modules/migrations/index'
import { pickLanguage } from '#modules/shared/index'
import { setMemberLanguage } from '#modules/members/index'
import { memberDetails, updateMemberEmail } from '../services/member_profile.js'
import { paymentFrequencySettings } from '../services/shop_catalogue.js'
import { memberLanguageValidator, updateEmailValidator } from '../validators.js'
import type {
  MemberLanguageAnswer,
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

  /** The shop's language switcher, signed in: emails and PDFs follow this choice. */
  async language(ctx: HttpContext): Promise<MemberLanguageAnswer> {
    const { language } = await ctx.request.validateUsing(memberLanguageValidator)
    return { success: true, language: await setMemberLanguage(signedInMember(ctx), language) }
  }

  async migrationStatus(ctx: HttpContext): Promise<MemberMigrationStatusAnswer> {
    const language = pickLanguage(ctx.request.header('accept-language'))
    return { success: true, ...(await migrationStatusOf(signedInMember(ctx), undefined, language)) }
  }

  async paymentFrequencies(ctx: HttpContext): Promise<MemberPaymentFrequenciesAnswer> {
    return { success: true, ...(await paymentFrequencySettings(signedInMember(ctx))) }
  }
}
