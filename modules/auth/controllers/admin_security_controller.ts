import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { IDLE_LIMIT_MS, deviceKey, endSession } from '../services/session_guards.js'
import { closeDeviceSession, listDeviceSessions } from '../services/device_sessions.js'
import { endAllSessions } from '../services/account_sessions.js'
import { signInHistory } from '../services/sign_in_history.js'
import { deviceSessionParamsValidator } from '../validators.js'
import type { AdminSecurityAnswer, SignOutAnswer } from '../api_docs.js'

/** /api/admin/security: the signed-in administrator's own devices and sign-in history. */
export default class AdminSecurityController {
  async show(ctx: HttpContext): Promise<AdminSecurityAnswer> {
    const admin = ctx.auth.use('admin').user!
    const [sessions, signIns] = await Promise.all([
      listDeviceSessions(
        'admin',
        admin.id,
        admin.session_version,
        IDLE_LIMIT_MS.admin,
        ctx.session.get(deviceKey('admin'))
      ),
      signInHistory(admin.id),
    ])
    return { success: true, sessions, sign_ins: signIns }
  }

  /** "Sign out this one": ends one of the admin's own devices (this one included). */
  async signOutDevice(ctx: HttpContext): Promise<SignOutAnswer> {
    const params = await deviceSessionParamsValidator.validate(ctx.params)
    const admin = ctx.auth.use('admin').user!
    const current = ctx.session.get(deviceKey('admin')) === params.id
    if (!(await closeDeviceSession(params.id, 'admin', admin.id)))
      throw new ApiError('Session not found', 404)
    if (current) await endSession(ctx, 'admin')
    return { success: true, signed_out_here: current }
  }

  /** "Sign out everywhere": every session of the admin ends, this one included. */
  async signOutEverywhere(ctx: HttpContext): Promise<SignOutAnswer> {
    await endAllSessions('admin', ctx.auth.use('admin').user!.id)
    await endSession(ctx, 'admin')
    return { success: true, signed_out_here: true }
  }
}
