import type { HttpContext } from '@adonisjs/core/http'
import { adminActor, sendListExport } from '#modules/audit/index'
import { sendSharedJson } from '#modules/shared/index'
import { subscriptionAdminService } from '../services/subscription_admin_service.js'
import {
  SUBSCRIPTION_EXPORT_COLUMNS,
  subscriptionExportSource,
} from '../services/subscription_export.js'
import {
  filledQuery,
  idParamValidator,
  subscriptionExportValidator,
  subscriptionListValidator,
} from '../validators.js'
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

  /** A tab's rows (All with its search and status) in the tab's order, as CSV or XLSX (streamed, audited). */
  async export(ctx: HttpContext) {
    const { format, ...filters } = await subscriptionExportValidator.validate(
      filledQuery(ctx.request.qs())
    )
    await sendListExport(ctx, {
      list: filters.tab && filters.tab !== 'all' ? `subscriptions_${filters.tab}` : 'subscriptions',
      filters,
      format: format ?? 'csv',
      columns: SUBSCRIPTION_EXPORT_COLUMNS,
      source: subscriptionExportSource(filters),
    })
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
