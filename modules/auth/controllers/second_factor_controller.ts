import type { HttpContext } from '@adonisjs/core/http'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { adminActor } from '#modules/audit/index'
import {
  beginPasskeyEnrolment,
  beginTotpEnrolment,
  confirmTotpEnrolment,
  finishPasskeyEnrolment,
  passkeySignInChallenge,
  resetSecondFactor,
  secondFactorStatus,
  signInWithCode,
  signInWithPasskey,
} from '../services/second_factor/second_factor_service.js'
import {
  adminIdParamsValidator,
  passkeyAnswerValidator,
  secondFactorCodeValidator,
} from '../validators.js'
import type {
  AdminLoginAnswer,
  EnrolledAnswer,
  MessageOnlyAnswer,
  PasskeyOptionsAnswer,
  SecondFactorStatusAnswer,
  TotpEnrolmentAnswer,
} from '../api_docs.js'

const signedIn = (admin: { id: number; username: string; email: string }): AdminLoginAnswer => ({
  success: true,
  admin: { id: admin.id, username: admin.username, email: admin.email },
  enrolment_required: false,
})

/** Second factors: enrolment (signed in) and the second sign-in step (after the password). */
export default class SecondFactorController {
  async status(ctx: HttpContext): Promise<SecondFactorStatusAnswer> {
    return { success: true, ...(await secondFactorStatus(ctx.auth.use('admin').user!.id)) }
  }

  async startTotp(ctx: HttpContext): Promise<TotpEnrolmentAnswer> {
    const { secret, uri, qrCode } = await beginTotpEnrolment(ctx)
    return { success: true, secret, otpauth_uri: uri, qr_code: qrCode }
  }

  async confirmTotp(ctx: HttpContext): Promise<EnrolledAnswer> {
    const { code } = await ctx.request.validateUsing(secondFactorCodeValidator)
    return { success: true, recovery_codes: await confirmTotpEnrolment(ctx, code) }
  }

  async passkeyOptions(ctx: HttpContext): Promise<PasskeyOptionsAnswer> {
    return {
      success: true,
      options: (await beginPasskeyEnrolment(ctx)) as unknown as Record<string, unknown>,
    }
  }

  async registerPasskey(ctx: HttpContext): Promise<EnrolledAnswer> {
    const { credential } = await ctx.request.validateUsing(passkeyAnswerValidator)
    return {
      success: true,
      recovery_codes: await finishPasskeyEnrolment(
        ctx,
        credential as unknown as RegistrationResponseJSON
      ),
    }
  }

  async signInWithCode(ctx: HttpContext): Promise<AdminLoginAnswer> {
    const { code } = await ctx.request.validateUsing(secondFactorCodeValidator)
    return signedIn((await signInWithCode(ctx, code)).admin)
  }

  async signInPasskeyOptions(ctx: HttpContext): Promise<PasskeyOptionsAnswer> {
    return {
      success: true,
      options: (await passkeySignInChallenge(ctx)) as unknown as Record<string, unknown>,
    }
  }

  async signInWithPasskey(ctx: HttpContext): Promise<AdminLoginAnswer> {
    const { credential } = await ctx.request.validateUsing(passkeyAnswerValidator)
    return signedIn(
      await signInWithPasskey(ctx, credential as unknown as AuthenticationResponseJSON)
    )
  }

  /** An owner resets another administrator's factors (docs/security.md: the owner restriction comes with the role table). */
  async reset(ctx: HttpContext): Promise<MessageOnlyAnswer> {
    const { id } = await adminIdParamsValidator.validate(ctx.params)
    await resetSecondFactor(id, ctx.auth.use('admin').user!.id, adminActor(ctx))
    return {
      success: true,
      message:
        'Second factor reset. The administrator signs in with their password and sets up a new one.',
    }
  }
}
