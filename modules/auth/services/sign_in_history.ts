import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { recordAudit } from '#modules/audit/index'
import { AdminUser } from '#modules/admins/index'
import { deviceLabel } from './device_label.js'

/** How the administrator proved who they are (two-factor sign-in adds 'totp', 'passkey', 'recovery_code'). */
export type SignInFactor = 'password' | string

export interface SignInEvent {
  at: string
  ip: string
  device: string
  success: boolean
  factor: string
}

const SIGN_IN_HISTORY_SIZE = 20

/**
 * Records one judged administrator sign-in (success or failure) in the history and in the audit
 * trail, in one transaction. A throttled (429) attempt is never judged and not recorded here.
 */
export async function recordAdminSignIn(
  ctx: HttpContext,
  input: { username: string; success: boolean; factor: SignInFactor }
) {
  const username = input.username.trim().slice(0, 191)
  const admin = await AdminUser.query()
    .whereRaw('lower(username) = ?', [username.toLowerCase()])
    .select('id', 'username')
    .first()
  const ip = ctx.request.ip().slice(0, 64)
  const userAgent = (ctx.request.header('user-agent') ?? '').slice(0, 512)
  await db.transaction(async (trx) => {
    await trx.table('sign_in_events').insert({
      admin_id: admin?.id ?? null,
      username,
      success: input.success,
      factor: input.factor,
      ip,
      user_agent: userAgent,
      created_at: new Date(),
    })
    await recordAudit(trx, {
      actor: admin?.username ?? username,
      action: input.success ? 'admin.sign_in' : 'admin.sign_in_failed',
      entityType: 'admin',
      entityId: admin?.id ?? null,
      after: { ip, device: deviceLabel(userAgent), factor: input.factor },
    })
  })
}

/** An administrator's latest sign-ins, newest first. */
export async function signInHistory(
  adminId: number,
  limit = SIGN_IN_HISTORY_SIZE
): Promise<SignInEvent[]> {
  const rows = await db
    .from('sign_in_events')
    .where('admin_id', adminId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .select('created_at', 'ip', 'user_agent', 'success', 'factor')
  return rows.map((row) => ({
    at: new Date(row.created_at).toISOString(),
    ip: row.ip,
    device: deviceLabel(row.user_agent),
    success: Boolean(row.success),
    factor: row.factor,
  }))
}
