import type { HttpContext } from '@adonisjs/core/http'
import { sendSharedJson } from '#modules/shared/index'
import { dashboardService } from '../services/dashboard_service.js'
import { CHART_DAYS, dashboardCharts } from '../services/dashboard_charts.js'
import { dashboardChartsValidator, filledQuery } from '../validators.js'
import type {
  BackofficeDashboardChartsAnswer,
  BackofficeDashboardStatsAnswer,
} from '../api_docs.js'

export default class DashboardController {
  async stats(ctx: HttpContext) {
    const answer: Omit<BackofficeDashboardStatsAnswer, 'success'> = await dashboardService.stats()
    sendSharedJson(ctx, answer)
  }

  async charts(ctx: HttpContext) {
    const { days } = await dashboardChartsValidator.validate(filledQuery(ctx.request.qs()))
    const answer: Omit<BackofficeDashboardChartsAnswer, 'success'> = await dashboardCharts.get(
      days ?? CHART_DAYS
    )
    sendSharedJson(ctx, answer)
  }
}
