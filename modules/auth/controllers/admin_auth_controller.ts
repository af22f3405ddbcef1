import type { HttpContext } from '@adonisjs/core/http'
import { endSession, hasActiveSession, startSession } from '../services/session_guards.js'
import { endAllSessions } from '../services/account_sessions.js'
import { enrolmentRequired } from '../services/second_factor/session_step.js'
import { loginAdmin } from '../services/admin_login_service.js'
import { passwordStepOutcome } from '../services/second_factor/password_step.js'
import { adminLoginValidator } from '../validators.js'
import type { AdminLoginAnswer, AdminLogoutAnswer, AdminPasswordStepAnswer } from '../api_docs.js'

export default class AdminAuthController {
  /** The password step; with a second factor enrolled, nobody is signed in until it is given too (second_factor_controller.ts). */
  async login(ctx: HttpContext): Promise<AdminPasswordStepAnswer> {
    const { username, password, enrolmentToken } = await ctx.request.validateUsing(adminLoginValidator)
    const admin = await loginAdmin(username, password, ctx.request.ip())
    const outcome = await passwordStepOutcome(ctx, admin, enrolmentToken)
    if (outcome.second_factor) return { success: true, ...outcome }
    await startSession(ctx, 'admin', admin)
    return { success: true, admin: { id: admin.id, username: admin.username, email: admin.email }, enrolment_required: outcome.enrolment_required }
  }

  /** Ends every session of this admin, on every device (docs/sessions-and-throttling.md). */
  async logout(ctx: HttpContext): Promise<AdminLogoutAnswer> {
    if (await hasActiveSession(ctx, 'admin')) await endAllSessions('admin', ctx.auth.use('admin').user!.id)
    await endSession(ctx, 'admin')
    return { success: true }
  }

  async me(ctx: HttpContext): Promise<AdminLoginAnswer> {
    const admin = ctx.auth.use('admin').user!
    return { success: true, admin: { id: admin.id, username: admin.username, email: admin.email }, enrolment_required: enrolmentRequired(ctx) }
  }
}
