import type { HttpContext } from '@adonisjs/core/http'
import { pickLanguage } from '#modules/shared/index'
import { signedInMember } from './signed_in_member.js'
import {
  confirmSandboxPayment,
  currentCheckoutId,
  ownMigration,
  quoteFor,
  recordConsent,
  resumeCheckout,
} from '#modules/migrations/index'
import { toPricingResult } from '#modules/pricing/index'
import { openCheckout } from '../services/open_checkout.js'
import {
  calculateValidator,
  consentValidator,
  createMigrationValidator,
  routeIdValidator,
} from '../validators.js'
import type {
  MigrationCalculateAnswer,
  MigrationConsentAnswer,
  MigrationCreateAnswer,
  MigrationCurrentAnswer,
  MigrationSandboxConfirmAnswer,
  MigrationShowAnswer,
} from '../api_docs.js'

export default class MigrationController {
  async calculate(ctx: HttpContext): Promise<MigrationCalculateAnswer> {
    const { fixedEndDate: _ignored, ...request } =
      await ctx.request.validateUsing(calculateValidator)
    const { quote } = await quoteFor(signedInMember(ctx), request)
    return { success: true, ...toPricingResult(quote) }
  }

  async create(ctx: HttpContext): Promise<MigrationCreateAnswer> {
    const request = await ctx.request.validateUsing(createMigrationValidator)
    const language = pickLanguage(ctx.request.header('accept-language'))
    return { success: true, ...(await openCheckout(signedInMember(ctx), request, language)) }
  }

  async show(ctx: HttpContext): Promise<MigrationShowAnswer> {
    const { id } = await routeIdValidator.validate(ctx.params)
    return { success: true, migration: await ownMigration(signedInMember(ctx), id) }
  }

  /** The member's open checkout, if any: where a replaced tab goes on. */
  async current(ctx: HttpContext): Promise<MigrationCurrentAnswer> {
    return { success: true, migrationId: await currentCheckoutId(signedInMember(ctx)) }
  }

  async resume(ctx: HttpContext): Promise<MigrationCreateAnswer> {
    const { id } = await routeIdValidator.validate(ctx.params)
    const language = pickLanguage(ctx.request.header('accept-language'))
    return { success: true, ...(await resumeCheckout(signedInMember(ctx), id, language)) }
  }

  /** The consent box ticked: recorded before any payment; answers the record and the payment's secret. */
  async consent(ctx: HttpContext): Promise<MigrationConsentAnswer> {
    const { id } = await routeIdValidator.validate(ctx.params)
    const request = await ctx.request.validateUsing(consentValidator)
    const { consent, clientSecret } = await recordConsent(signedInMember(ctx), id, {
      ...request,
      ip: ctx.request.ip(),
    })
    const { ip: _ip, ...shown } = consent
    return { success: true, consent: shown, clientSecret }
  }

  async sandboxConfirm(ctx: HttpContext): Promise<MigrationSandboxConfirmAnswer> {
    const { id } = await routeIdValidator.validate(ctx.params)
    return { success: true, ...(await confirmSandboxPayment(signedInMember(ctx), id)) }
  }
}
