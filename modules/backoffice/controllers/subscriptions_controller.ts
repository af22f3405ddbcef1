import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { subscriptionAdminService } from '../services/subscription_admin_service.js'
import { filledQuery, idParamValidator, subscriptionListValidator } from '../validators.js'
import type { BackofficeSubscriptionsMarkReviewedAnswer, BackofficeSubscriptionsStatsAnswer } from '../api_docs.js'

export default class SubscriptionsController {
  async index({ request }: HttpContext) {
    const filters = await subscriptionListValidator.validate(filledQuery(request.qs()))
    return { success: true, subscriptions: await subscriptionAdminService.list(filters) }
  }

  async earlyCancellations() {
    return { success: true, earlyCancellations: await subscriptionAdminService.earlyCancellations() }
  }

  async problematic() {
    return { success: true, problematicSubscriptions: await subscriptionAdminService.problematic() }
  }

  async stats(): Promise<BackofficeSubscriptionsStatsAnswer> {
    return { success: true, stats: await subscriptionAdminService.stats() }
  }

  async payments({ params }: HttpContext) {
    const { id } = await idParamValidator.validate(params)
    return { success: true, payments: await subscriptionAdminService.payments(id) }
  }

  async markReviewed(ctx: HttpContext): Promise<BackofficeSubscriptionsMarkReviewedAnswer> {
    const { id } = await idParamValidator.validate(ctx.params)
    await subscriptionAdminService.markReviewed(id, adminActor(ctx))
    return { success: true, message: 'Marked as reviewed' }
  }
}
