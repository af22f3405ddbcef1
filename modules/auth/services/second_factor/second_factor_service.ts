import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { AdminUser } from '#modules/admins/index'
import { getBranding } from '#modules/settings/index'
import { ApiError } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { throttledAttempt } from '../login_throttle.js'
import { endAllSessions } from '../account_sessions.js'
import { ENROLMENT_LINKS, PASSKEYS, RECOVERY_CODES, TOTP, factorsOf } from './store.js'
import { issueRecoveryCodes, looksLikeRecoveryCode, useRecoveryCode } from './recovery_codes.js'
import { WRONG_CODE, acceptTotpCode, startTotpEnrolment } from './totp_factor.js'
import {
  PASSKEY_REFUSED,
  acceptPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
} from './passkey_factor.js'
import {
  finishSignIn,
  keepChallenge,
  markFactorPassed,
  pendingAdmin,
  relyingParty,
  takeChallenge,
} from './session_step.js'
import { adminSecondFactorRequired } from './policy.js'

/** Second-factor codes count against the account's own key, apart from its password's (login_throttle.ts). */
const codeKey = (adminId: number) => `admin2fa_${adminId}`
const signedInAdmin = (ctx: HttpContext) => ctx.auth.use('admin').user!
const party = async (ctx: HttpContext) => relyingParty(ctx, (await getBranding()).brandName)

/** What the Security screen shows: which factors exist and whether one is required. */
export async function secondFactorStatus(adminId: number) {
  const factors = await factorsOf(adminId)
  const passkeys = await db
    .from(PASSKEYS)
    .where('admin_user_id', adminId)
    .orderBy('id')
    .select('id', 'created_at', 'last_used_at')
  return {
    required: adminSecondFactorRequired(),
    totp: factors.totp,
    passkeys: passkeys.map((row) => ({
      id: Number(row.id),
      created_at: String(row.created_at),
      last_used_at: row.last_used_at ? String(row.last_used_at) : null,
    })),
    recovery_codes_left: factors.recoveryCodesLeft,
  }
}

/**
 * After a factor is added: the first factor of an account comes with its 10
 * recovery codes (answered once); a further factor keeps the codes there are.
 */
async function afterFactorAdded(
  ctx: HttpContext,
  adminId: number,
  hadFactor: boolean
): Promise<string[]> {
  markFactorPassed(ctx)
  if (hadFactor) return []
  return db.transaction((trx) => issueRecoveryCodes(adminId, trx))
}

export async function beginTotpEnrolment(ctx: HttpContext) {
  const admin = signedInAdmin(ctx)
  return startTotpEnrolment(admin, (await getBranding()).brandName)
}

/** One right code from the app confirms it (throttled like sign-in codes). */
export async function confirmTotpEnrolment(ctx: HttpContext, code: string) {
  const admin = signedInAdmin(ctx)
  const hadFactor = (await factorsOf(admin.id)).any
  await throttledAttempt(codeKey(admin.id), ctx.request.ip(), async () => {
    if (!(await acceptTotpCode(admin.id, code.trim(), false)))
      throw new ApiError(WRONG_CODE, 422, { field: 'code' })
  })
  return afterFactorAdded(ctx, admin.id, hadFactor)
}

export async function beginPasskeyEnrolment(ctx: HttpContext) {
  const options = await passkeyRegistrationOptions(signedInAdmin(ctx), await party(ctx))
  keepChallenge(ctx, 'register', options.challenge)
  return options
}

export async function finishPasskeyEnrolment(ctx: HttpContext, response: RegistrationResponseJSON) {
  const admin = signedInAdmin(ctx)
  const hadFactor = (await factorsOf(admin.id)).any
  await registerPasskey(admin.id, response, takeChallenge(ctx, 'register'), await party(ctx))
  return afterFactorAdded(ctx, admin.id, hadFactor)
}

/** Sign-in's second step with a code: a 6-digit app code or a recovery code, throttled per account and IP. */
export async function signInWithCode(ctx: HttpContext, code: string) {
  const admin = await pendingAdmin(ctx)
  const factor = await throttledAttempt(codeKey(admin.id), ctx.request.ip(), async () => {
    const recovery = looksLikeRecoveryCode(code)
    const accepted = recovery
      ? await useRecoveryCode(admin.id, code)
      : await acceptTotpCode(admin.id, code.trim(), true)
    if (!accepted) throw new ApiError(WRONG_CODE, 401)
    return recovery ? 'recovery_code' : 'totp'
  })
  await finishSignIn(ctx, admin, factor)
  return { admin, factor }
}

export async function passkeySignInChallenge(ctx: HttpContext) {
  const admin = await pendingAdmin(ctx)
  const options = await passkeySignInOptions(admin.id, await party(ctx))
  keepChallenge(ctx, 'sign_in', options.challenge)
  return options
}

export async function signInWithPasskey(ctx: HttpContext, response: AuthenticationResponseJSON) {
  const admin = await pendingAdmin(ctx)
  const challenge = takeChallenge(ctx, 'sign_in')
  const rp = await party(ctx)
  await throttledAttempt(codeKey(admin.id), ctx.request.ip(), async () => {
    if (!(await acceptPasskey(admin.id, response, challenge, rp)))
      throw new ApiError(PASSKEY_REFUSED, 401)
  })
  await finishSignIn(ctx, admin, 'passkey')
  return admin
}

/**
 * Removes another administrator's factors (app, passkeys, recovery codes,
 * unused enrolment links), audited, and ends all their sessions: they sign
 * in with their password and enrol again.
 */
export async function resetSecondFactor(targetId: number, actingAdminId: number, actor: Actor) {
  if (targetId === actingAdminId)
    throw new ApiError('You cannot reset your own second factor. Ask another owner.', 422)
  const target = await AdminUser.find(targetId)
  if (!target) throw new ApiError('Admin not found', 404)
  const before = await factorsOf(targetId)
  await db.transaction(async (trx) => {
    for (const table of [TOTP, RECOVERY_CODES, PASSKEYS, ENROLMENT_LINKS])
      await trx.from(table).where('admin_user_id', targetId).delete()
    await recordAudit(trx, {
      actor,
      action: 'admin.reset_second_factor',
      entityType: 'admin',
      entityId: targetId,
      before: { totp: before.totp, passkeys: before.passkeys },
    })
  })
  await endAllSessions('admin', targetId)
}
