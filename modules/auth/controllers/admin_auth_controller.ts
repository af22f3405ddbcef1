import type { HttpContext } from '@adonisjs/core/http'
import { endSession, hasActiveSession, startSession } from '../services/session_guards.js'
import { enrolmentRequired } from '../services/second_factor/session_step.js'
import { loginAdmin } from '../services/admin_login_service.js'
import { passwordStepOutcome } from '../services/second_factor/password_step.js'
import { recordAdminSignIn } from '../services/sign_in_history.js'
import { ApiError } from '#modules/shared/index'
import { adminLoginValidator } from '../validators.js'
import { abilitiesOf } from '#modules/admins/index'
import type { AdminLogoutAnswer, AdminMeAnswer, AdminPasswordStepAnswer } from '../api_docs.js'

export default class AdminAuthController {
  /** The password step; with a second factor enrolled, nobody is signed in until it is given too (second_factor_controller.ts). */
  async login(ctx: HttpContext): Promise<AdminPasswordStepAnswer> {
    const { username, password, enrolmentToken } =
      await ctx.request.validateUsing(adminLoginValidator)
    // Sign-in history: a judged failure (401) is recorded, a throttled 429 is not.
    const admin = await loginAdmin(username, password, ctx.request.ip()).catch(async (error) => {
      if (error instanceof ApiError && error.status === 401)
        await recordAdminSignIn(ctx, { username, success: false, factor: 'password' })
      throw error
    })
    const outcome = await passwordStepOutcome(ctx, admin, enrolmentToken)
    if (outcome.second_factor) return { success: true, ...outcome }
    await startSession(ctx, 'admin', admin)
    await recordAdminSignIn(ctx, { username: admin.username, success: true, factor: 'password' })
    return {
      success: true,
      admin: { id: admin.id, username: admin.username, email: admin.email },
      enrolment_required: outcome.enrolment_required,
    }
  }

  /** Ends this device's session only; the admin's other devices stay signed in (docs/security.md "Sessions per device"). */
  async logout(ctx: HttpContext): Promise<AdminLogoutAnswer> {
    // An inactive session was already ended by hasActiveSession.
    if (await hasActiveSession(ctx, 'admin')) await endSession(ctx, 'admin')
    return { success: true }
  }

  async me(ctx: HttpContext): Promise<AdminMeAnswer> {
    const admin = ctx.auth.use('admin').user!
    return {
      success: true,
      admin: { id: admin.id, username: admin.username, email: admin.email },
      enrolment_required: enrolmentRequired(ctx),
      role: admin.role,
      abilities: abilitiesOf(admin),
    }
  }
}
