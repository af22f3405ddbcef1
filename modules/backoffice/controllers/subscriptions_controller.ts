import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { sendSharedJson } from '#modules/shared/index'
import { subscriptionAdminService } from '../services/subscription_admin_service.js'
import { filledQuery, idParamValidator, subscriptionListValidator } from '../validators.js'
import type {
  BackofficeSubscriptionsEarlyCancellationsAnswer,
  BackofficeSubscriptionsIndexAnswer,
  BackofficeSubscriptionsPaymentsAnswer,
  BackofficeSubscriptionsProblematicAnswer,
  BackofficeSubscriptionsMarkReviewedAnswer,
  BackofficeSubscriptionsStatsAnswer,
} from '../api_docs.js'

export default class SubscriptionsController {
  async index(ctx: HttpContext) {
    const filters = await subscriptionListValidator.validate(filledQuery(ctx.request.qs()))
    const answer: Omit<BackofficeSubscriptionsIndexAnswer, 'success'> =
      await subscriptionAdminService.list(filters)
    sendSharedJson(ctx, answer)
  }

  async earlyCancellations(ctx: HttpContext) {
    const answer: Omit<BackofficeSubscriptionsEarlyCancellationsAnswer, 'success'> =
      await subscriptionAdminService.earlyCancellations()
    sendSharedJson(ctx, answer)
  }

  async problematic(ctx: HttpContext) {
    const answer: Omit<BackofficeSubscriptionsProblematicAnswer, 'success'> =
      await subscriptionAdminService.problematic()
    sendSharedJson(ctx, answer)
  }

  async stats(): Promise<BackofficeSubscriptionsStatsAnswer> {
    return { success: true, stats: await subscriptionAdminService.stats() }
  }

  async payments({ params }: HttpContext): Promise<BackofficeSubscriptionsPaymentsAnswer> {
    const { id } = await idParamValidator.validate(params)
    return { success: true, payments: await subscriptionAdminService.payments(id) }
  }

  async markReviewed(ctx: HttpContext): Promise<BackofficeSubscriptionsMarkReviewedAnswer> {
    const { id } = await idParamValidator.validate(ctx.params)
    await subscriptionAdminService.markReviewed(id, adminActor(ctx))
    return { success: true, message: 'Marked as reviewed' }
  }
}
