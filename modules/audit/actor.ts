import type { HttpContext } from '@adonisjs/core/http'
import type { Actor } from './services/audit_service.js'

/** The signed-in administrator of an admin-area request, as the audit trail names them. */
export function adminActor(ctx: HttpContext): Actor {
  const admin = ctx.auth.use('admin').user as { username?: string } | undefined
  return admin?.username ?? 'admin:unknown'
}
