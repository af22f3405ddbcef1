import type { HttpContext } from '@adonisjs/core/http'
import { tokenExpirationDays } from '#modules/auth/index'
import { adminActor } from '#modules/audit/index'
import { sendSharedJson } from '#modules/shared/index'
import { unmigratedUsersService } from '../services/unmigrated_users_service.js'
import { migrationInvitationService } from '../services/migration_invitation_service.js'
import {
  filledQuery,
  generateBulkTokensValidator,
  generateTokenValidator,
  sendInvitationsValidator,
  unmigratedListValidator,
} from '../validators.js'
import type {
  BackofficeUnmigratedUsersGenerateBulkTokensAnswer,
  BackofficeUnmigratedUsersGenerateTokenAnswer,
  BackofficeUnmigratedUsersIndexAnswer,
  BackofficeUnmigratedUsersSendInvitationsAnswer,
  BackofficeUnmigratedUsersTokenConfigAnswer,
} from '../api_docs.js'

export default class UnmigratedUsersController {
  /** Up to 10,000 rows: serialised and compressed once per shared answer (sendSharedJson). */
  async index(ctx: HttpContext) {
    const filters = await unmigratedListValidator.validate(filledQuery(ctx.request.qs()))
    const answer: Omit<BackofficeUnmigratedUsersIndexAnswer, 'success'> =
      await unmigratedUsersService.list(filters)
    sendSharedJson(ctx, answer)
  }

  async tokenConfig(): Promise<BackofficeUnmigratedUsersTokenConfigAnswer> {
    return { success: true, expirationDays: await tokenExpirationDays() }
  }

  async generateToken(ctx: HttpContext): Promise<BackofficeUnmigratedUsersGenerateTokenAnswer> {
    const { memberId } = await ctx.request.validateUsing(generateTokenValidator)
    return {
      success: true,
      ...(await unmigratedUsersService.generateToken(memberId, adminActor(ctx))),
    }
  }

  async generateBulkTokens(
    ctx: HttpContext
  ): Promise<BackofficeUnmigratedUsersGenerateBulkTokensAnswer> {
    const scope = await ctx.request.validateUsing(generateBulkTokensValidator)
    return {
      success: true,
      ...(await unmigratedUsersService.generateBulkTokens(adminActor(ctx), scope)),
    }
  }

  async sendInvitations(ctx: HttpContext): Promise<BackofficeUnmigratedUsersSendInvitationsAnswer> {
    const { memberIds } = await ctx.request.validateUsing(sendInvitationsValidator)
    return migrationInvitationService.send(memberIds, adminActor(ctx))
  }
}
