import type { HttpContext } from '@adonisjs/core/http'
import { rememberFirstLanguage } from '#modules/members/index'
import { pickLanguage } from '#modules/shared/index'
import { endSession, hasActiveSession, startSession } from '../services/session_guards.js'
import { loginMember } from '../services/member_login_service.js'
import { migrationTokenService } from '../services/migration_token_service.js'
import { memberLoginValidator, tokenLoginValidator } from '../validators.js'
import { endAllSessions } from '../services/account_sessions.js'
import type {
  AdminLogoutAnswer,
  AuthLoginAnswer,
  AuthSessionAnswer,
  SignOutAnswer,
} from '../api_docs.js'

export default class MemberAuthController {
  async login(ctx: HttpContext): Promise<AuthLoginAnswer> {
    const { memberId, dateOfBirth } = await ctx.request.validateUsing(memberLoginValidator)
    const member = await loginMember(memberId, dateOfBirth, ctx.request.ip())
    await startSession(ctx, 'member', member)
    await rememberFirstLanguage(member, pickLanguage(ctx.request.header('accept-language')))
    return { success: true, member: { id: member.id, name: member.insured_full_name } }
  }

  async validateToken(ctx: HttpContext): Promise<AuthLoginAnswer> {
    const { token, birthYear } = await ctx.request.validateUsing(tokenLoginValidator)
    const member = await migrationTokenService.redeem(token, birthYear, ctx.request.ip())
    await startSession(ctx, 'member', member)
    await rememberFirstLanguage(member, pickLanguage(ctx.request.header('accept-language')))
    return { success: true, member: { id: member.id, name: member.insured_full_name } }
  }

  async session(ctx: HttpContext): Promise<AuthSessionAnswer> {
    // Same idle limit as every member route, so the shop never trusts a session the API refuses.
    if (!(await hasActiveSession(ctx, 'member'))) return { success: true, authenticated: false }
    const member = ctx.auth.use('member').user!
    return {
      success: true,
      authenticated: true,
      member: { id: member.id, name: member.insured_full_name },
    }
  }

  /** Ends this device's session only; the member's other devices stay signed in (docs/security.md "Sessions per device"). */
  async logout(ctx: HttpContext): Promise<AdminLogoutAnswer> {
    // An inactive session was already ended by hasActiveSession.
    if (await hasActiveSession(ctx, 'member')) await endSession(ctx, 'member')
    return { success: true }
  }

  /** Every session of this member ends, on every device (the route is in the member area: a session is required). */
  async logoutEverywhere(ctx: HttpContext): Promise<SignOutAnswer> {
    await endAllSessions('member', ctx.auth.use('member').user!.id)
    await endSession(ctx, 'member')
    return { success: true, signed_out_here: true }
  }
}
