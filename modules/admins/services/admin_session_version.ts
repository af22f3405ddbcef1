import AdminUser from '../models/admin_user.js'

/**
 * One atomic `session_version = session_version + 1`: every session of the
 * administrator signed in with an older version is stale (auth's
 * endAllSessions, checked by its session guards).
 */
export async function advanceAdminSessionVersion(adminId: number) {
  await AdminUser.query().where('id', adminId).increment('session_version', 1)
}
