import type { HttpContext } from '@adonisjs/core/http'
import type { AdminUser } from '#modules/admins/index'
import { factorsOf } from './store.js'
import { redeemEnrolmentLink } from './enrolment_links.js'
import { beginSecondStep, forgetEarlierSteps } from './session_step.js'
import { adminSecondFactorRequired } from './policy.js'

export type PasswordStepOutcome =
  | { second_factor: 'required'; methods: { totp: boolean; passkey: boolean } }
  | { second_factor?: undefined; enrolment_required: boolean }

/**
 * What follows a right password: the second step when the administrator has
 * a factor; otherwise a session, held to enrolment when REQUIRE_ADMIN_2FA is
 * on or when they came through the CLI's enrolment link.
 */
export async function passwordStepOutcome(
  ctx: HttpContext,
  admin: AdminUser,
  enrolmentToken?: string
): Promise<PasswordStepOutcome> {
  forgetEarlierSteps(ctx)
  if (enrolmentToken) await redeemEnrolmentLink(admin.id, enrolmentToken)
  const factors = await factorsOf(admin.id)
  if (factors.any) {
    beginSecondStep(ctx, admin)
    return {
      second_factor: 'required',
      methods: { totp: factors.totp, passkey: factors.passkeys > 0 },
    }
  }
  return { enrolment_required: adminSecondFactorRequired() || Boolean(enrolmentToken) }
}
