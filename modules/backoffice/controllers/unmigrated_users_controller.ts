import type { HttpContext } from '@adonisjs/core/http'
import { tokenExpirationDays } from '#modules/auth/index'
import { unmigratedUsersService } from '../services/unmigrated_users_service.js'
import { migrationInvitationService } from '../services/migration_invitation_service.js'
import { filledQuery, generateTokenValidator, sendInvitationsValidator, unmigratedListValidator } from '../validators.js'

export default class UnmigratedUsersController {
  async index({ request }: HttpContext) {
    const filters = await unmigratedListValidator.validate(filledQuery(request.qs()))
    return { success: true, ...(await unmigratedUsersService.list(filters)) }
  }

  async tokenConfig() {
    return { success: true, expirationDays: await tokenExpirationDays() }
  }

  async generateToken({ request }: HttpContext) {
    const { memberId } = await request.validateUsing(generateTokenValidator)
    return { success: true, ...(await unmigratedUsersService.generateToken(memberId)) }
  }

  async generateBulkTokens() {
    return { success: true, ...(await unmigratedUsersService.generateBulkTokens()) }
  }

  async sendInvitations({ request }: HttpContext) {
    const { memberIds } = await request.validateUsing(sendInvitationsValidator)
    return migrationInvitationService.send(memberIds)
  }
}
