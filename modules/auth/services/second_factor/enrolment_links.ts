import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ApiError } from '#modules/shared/index'
import { ENROLMENT_LINKS, affectedRows, sqlNow } from './store.js'

/** How long the CLI's enrolment link works. */
export const ENROLMENT_LINK_HOURS = 72
const INVALID_ENROLMENT_LINK =
  'This enrolment link is invalid, expired or already used. Sign in with your password and set up your second factor from there.'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new single-use enrolment link token for an administrator (only its hash is kept, like secure links). */
export async function issueEnrolmentLink(
  adminId: number
): Promise<{ token: string; expiresAt: DateTime }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = DateTime.now().plus({ hours: ENROLMENT_LINK_HOURS })
  await db.table(ENROLMENT_LINKS).insert({
    admin_user_id: adminId,
    token_hash: hashToken(token),
    expires_at: expiresAt.toSQL({ includeOffset: false }),
    created_at: sqlNow(),
  })
  return { token, expiresAt }
}

/** Uses the link of this administrator once: one conditional UPDATE (unused, unexpired, theirs). */
export async function redeemEnrolmentLink(adminId: number, token: string) {
  const changed = await db
    .from(ENROLMENT_LINKS)
    .where('token_hash', hashToken(token))
    .where('admin_user_id', adminId)
    .whereNull('used_at')
    .where('expires_at', '>', sqlNow())
    .update({ used_at: sqlNow() })
  if (affectedRows(changed) !== 1) throw new ApiError(INVALID_ENROLMENT_LINK, 401)
}
