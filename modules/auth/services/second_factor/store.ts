import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

/** The auth module's second-factor tables (migration 0170); only this folder writes them. */
export const TOTP = 'admin_totp'
export const RECOVERY_CODES = 'admin_recovery_codes'
export const PASSKEYS = 'admin_passkeys'
export const ENROLMENT_LINKS = 'admin_enrolment_links'

export const sqlNow = () => DateTime.now().toSQL({ includeOffset: false })
export const affectedRows = (result: unknown) => Number(Array.isArray(result) ? result[0] : result)

/** Which factors an administrator has: a confirmed authenticator app and how many passkeys. */
export async function factorsOf(adminId: number) {
  const [totp, passkeys, codes] = await Promise.all([
    db.from(TOTP).where('admin_user_id', adminId).whereNotNull('confirmed_at').first(),
    db.from(PASSKEYS).where('admin_user_id', adminId).count('* as total').first(),
    db
      .from(RECOVERY_CODES)
      .where('admin_user_id', adminId)
      .whereNull('used_at')
      .count('* as total')
      .first(),
  ])
  const passkeyCount = Number(passkeys?.total ?? 0)
  return {
    totp: Boolean(totp),
    passkeys: passkeyCount,
    recoveryCodesLeft: Number(codes?.total ?? 0),
    any: Boolean(totp) || passkeyCount > 0,
  }
}
