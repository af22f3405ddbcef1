import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import { ApiError } from '#modules/shared/index'
import { TOTP, affectedRows, sqlNow } from './store.js'

export const WRONG_CODE =
  'The code is not valid. Enter the current code from your authenticator app or a recovery code.'
/** One 30-second step either side of now: a phone clock a little off still signs in. */
const TOLERANCE_SECONDS = 30

const readSecret = (stored: string) => {
  const secret = encryption.decrypt<string>(stored)
  if (!secret)
    throw new ApiError(
      'The authenticator app of this account can no longer be read (the app key changed). Ask an owner to reset your second factor.',
      409
    )
  return secret
}

/**
 * Starts (or restarts) enrolment of an authenticator app: a new secret,
 * stored encrypted and unconfirmed, shown once as a QR code and a key to type.
 */
export async function startTotpEnrolment(admin: { id: number; username: string }, issuer: string) {
  const existing = await db.from(TOTP).where('admin_user_id', admin.id).first()
  if (existing?.confirmed_at)
    throw new ApiError('An authenticator app is already set up for this account.', 409)
  const secret = generateSecret()
  const stored = encryption.encrypt(secret)
  if (existing)
    await db
      .from(TOTP)
      .where('admin_user_id', admin.id)
      .whereNull('confirmed_at')
      .update({ secret: stored, last_step: null })
  else
    await db.table(TOTP).insert({ admin_user_id: admin.id, secret: stored, created_at: sqlNow() })
  const uri = generateURI({ issuer, label: admin.username, secret })
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) }
}

/**
 * Checks a 6-digit code and marks its time-step used in one conditional
 * UPDATE (`last_step < step`): the same code, or an older one, is refused
 * afterwards, even when two requests carry it at the same moment.
 * `confirmed` picks the enrolled app (sign-in) or the one being enrolled.
 */
export async function acceptTotpCode(
  adminId: number,
  code: string,
  confirmed: boolean
): Promise<boolean> {
  const row = await db.from(TOTP).where('admin_user_id', adminId).first()
  if (!row || Boolean(row.confirmed_at) !== confirmed || !/^\d{6}$/.test(code)) return false
  const result = await verify({
    secret: readSecret(row.secret),
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
  })
  // The TOTP strategy answers the time-step the code belongs to (the union also covers HOTP's answer).
  if (!result.valid || !('timeStep' in result)) return false
  const step = Number(result.timeStep)
  const update: Record<string, unknown> = { last_step: step }
  if (!confirmed) update.confirmed_at = sqlNow()
  const changed = await db
    .from(TOTP)
    .where('admin_user_id', adminId)
    .where((query) => query.whereNull('last_step').orWhere('last_step', '<', step))
    .update(update)
  return affectedRows(changed) === 1
}
