import type { HttpContext } from '@adonisjs/core/http'
import { sendSharedJson } from '#modules/shared/index'
import { dashboardService } from '../services/dashboard_service.js'

export default class DashboardController {
  async stats(ctx: HttpContext) {
    sendSharedJson(ctx, await dashboardService.stats())
  }
}
