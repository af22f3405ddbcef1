import type { HttpContext } from '@adonisjs/core/http'
import { AdminUser } from '#modules/admins/index'
import { ApiError } from '#modules/shared/index'
import { startSession } from '../session_guards.js'
import { ENROLMENT_REQUIRED, adminSecondFactorRequired } from './policy.js'
import type { RelyingParty } from './passkey_factor.js'
import { recordAdminSignIn, type SignInFactor } from '../sign_in_history.js'

/*
| The second step lives in the session (server side):
|   admin_second_step        { id, version, until }: the password was right, a factor is still asked for;
|   admin_second_factor_ok   true once this session passed a factor or enrolled one;
|   admin_webauthn_challenge { challenge, purpose, until }: the one passkey ceremony under way.
| Nothing before the second step signs the administrator in.
*/
const PENDING = 'admin_second_step'
const FACTOR_OK = 'admin_second_factor_ok'
const CHALLENGE = 'admin_webauthn_challenge'
/** Time to find the phone or touch the key after the password. */
const STEP_MS = 5 * 60 * 1000

const SIGN_IN_AGAIN = 'Your sign-in has expired. Sign in with your password again.'

/** A new password step: nothing an earlier sign-in of this browser passed carries over (another account may be signing in). */
export function forgetEarlierSteps(ctx: HttpContext) {
  ctx.session.forget(PENDING)
  ctx.session.forget(FACTOR_OK)
  ctx.session.forget(CHALLENGE)
}

/** After the right password of an administrator with a factor: remembered for the second step, not signed in. */
export function beginSecondStep(ctx: HttpContext, admin: AdminUser) {
  ctx.session.put(PENDING, {
    id: admin.id,
    version: admin.session_version,
    until: Date.now() + STEP_MS,
  })
}

/** The administrator whose password was right in this session, within the step's time and still current. */
export async function pendingAdmin(ctx: HttpContext): Promise<AdminUser> {
  const pending = ctx.session.get(PENDING) as
    | { id: number; version: number; until: number }
    | undefined
  if (!pending || pending.until < Date.now()) throw new ApiError(SIGN_IN_AGAIN, 401)
  const admin = await AdminUser.find(pending.id)
  // A password change or a factor reset since the password step moved the version on.
  if (!admin || admin.session_version !== pending.version) throw new ApiError(SIGN_IN_AGAIN, 401)
  return admin
}

/** The second factor was right: the administrator is signed in, with the factor noted on the session. */
export async function finishSignIn(ctx: HttpContext, admin: AdminUser, factor: SignInFactor) {
  ctx.session.forget(PENDING)
  ctx.session.forget(CHALLENGE)
  await startSession(ctx, 'admin', admin)
  ctx.session.put(FACTOR_OK, true)
  // Sign-in history (docs/security.md "Passwords"): the factor that completed the sign-in.
  await recordAdminSignIn(ctx, { username: admin.username, success: true, factor })
}

/** This session enrolled a factor: it may do everything from now on. */
export function markFactorPassed(ctx: HttpContext) {
  ctx.session.put(FACTOR_OK, true)
}

function factorPassed(ctx: HttpContext): boolean {
  return ctx.session.get(FACTOR_OK) === true
}

/** Paths an administrator who still has to enrol may use: who am I, sign out, and enrolment itself. */
const ENROLMENT_PATHS = ['/api/admin/me', '/api/admin/logout']
const ENROLMENT_PREFIX = '/api/admin/two-factor'

/**
 * REQUIRE_ADMIN_2FA on the server: a signed-in administrator whose session
 * passed no second factor gets a 403 on every admin route but enrolment.
 * Called by the area guard after the session check.
 */
export function requireSecondFactor(ctx: HttpContext, path: string) {
  if (!adminSecondFactorRequired() || factorPassed(ctx)) return
  if (
    ENROLMENT_PATHS.includes(path) ||
    path === ENROLMENT_PREFIX ||
    path.startsWith(`${ENROLMENT_PREFIX}/`)
  )
    return
  throw new ApiError(ENROLMENT_REQUIRED, 403)
}

/** A passkey ceremony's challenge, kept until the browser answers (single use). */
export function keepChallenge(
  ctx: HttpContext,
  purpose: 'register' | 'sign_in',
  challenge: string
) {
  ctx.session.put(CHALLENGE, { challenge, purpose, until: Date.now() + STEP_MS })
}

export function takeChallenge(ctx: HttpContext, purpose: 'register' | 'sign_in'): string {
  const kept = ctx.session.get(CHALLENGE) as
    | { challenge: string; purpose: string; until: number }
    | undefined
  ctx.session.forget(CHALLENGE)
  if (!kept || kept.purpose !== purpose || kept.until < Date.now())
    throw new ApiError('The passkey request has expired. Try again.', 422)
  return kept.challenge
}

/** This site as WebAuthn sees it: the host and origin the browser used (behind a proxy, as TRUST_PROXY lets the request tell). */
export function relyingParty(ctx: HttpContext, name: string): RelyingParty {
  const host = ctx.request.host() ?? 'localhost'
  return {
    name,
    id: ctx.request.hostname() ?? 'localhost',
    origin: `${ctx.request.protocol()}://${host}`,
  }
}

/** True while REQUIRE_ADMIN_2FA holds this signed-in session to enrolment. */
export function enrolmentRequired(ctx: HttpContext): boolean {
  return adminSecondFactorRequired() && !factorPassed(ctx)
}
