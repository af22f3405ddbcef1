import type { HttpContext } from '@adonisjs/core/http'
import { sendSharedJson } from '#modules/shared/index'
import { dashboardService } from '../services/dashboard_service.js'
import { CHART_DAYS, dashboardCharts } from '../services/dashboard_charts.js'
import { dashboardChartsValidator, filledQuery } from '../validators.js'

export default class DashboardController {
  async stats(ctx: HttpContext) {
    sendSharedJson(ctx, await dashboardService.stats())
  }

  async charts(ctx: HttpContext) {
    const { days } = await dashboardChartsValidator.validate(filledQuery(ctx.request.qs()))
    sendSharedJson(ctx, await dashboardCharts.get(days ?? CHART_DAYS))
  }
}
