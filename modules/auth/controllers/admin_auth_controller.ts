import type { HttpContext } from '@adonisjs/core/http'
import { touchSession } from '#backend/middleware/session_guards'
import { loginAdmin } from '../services/admin_login_service.js'
import { adminLoginValidator } from '../validators.js'

export default class AdminAuthController {
  async login(ctx: HttpContext) {
    const { username, password } = await ctx.request.validateUsing(adminLoginValidator)
    const admin = await loginAdmin(username, password, ctx.request.ip())
    await ctx.auth.use('admin').login(admin)
    touchSession(ctx, 'admin')
    return { success: true, admin: { id: admin.id, username: admin.username, email: admin.email } }
  }

  async logout(ctx: HttpContext) {
    await ctx.auth.use('admin').logout()
    return { success: true }
  }

  async me(ctx: HttpContext) {
    const admin = ctx.auth.use('admin').user!
    return { success: true, admin: { id: admin.id, username: admin.username, email: admin.email } }
  }
}
