import type { HttpContext } from '@adonisjs/core/http'
import { endSession, hasActiveSession, startSession } from '../services/session_guards.js'
import { endAllSessions } from '../services/account_sessions.js'
import { loginAdmin } from '../services/admin_login_service.js'
import { adminLoginValidator } from '../validators.js'
import type { AdminLoginAnswer, AdminLogoutAnswer } from '../api_docs.js'

export default class AdminAuthController {
  async login(ctx: HttpContext): Promise<AdminLoginAnswer> {
    const { username, password } = await ctx.request.validateUsing(adminLoginValidator)
    const admin = await loginAdmin(username, password, ctx.request.ip())
    await startSession(ctx, 'admin', admin)
    return { success: true, admin: { id: admin.id, username: admin.username, email: admin.email } }
  }

  /** Ends every session of this admin, on every device (docs/sessions-and-throttling.md). */
  async logout(ctx: HttpContext): Promise<AdminLogoutAnswer> {
    if (await hasActiveSession(ctx, 'admin')) await endAllSessions('admin', ctx.auth.use('admin').user!.id)
    await endSession(ctx, 'admin')
    return { success: true }
  }

  async me(ctx: HttpContext): Promise<AdminLoginAnswer> {
    const admin = ctx.auth.use('admin').user!
    return { success: true, admin: { id: admin.id, username: admin.username, email: admin.email } }
  }
}
