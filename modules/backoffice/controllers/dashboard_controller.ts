import { dashboardService } from '../services/dashboard_service.js'

export default class DashboardController {
  async stats() {
    return { success: true, ...(await dashboardService.stats()) }
  }
}
