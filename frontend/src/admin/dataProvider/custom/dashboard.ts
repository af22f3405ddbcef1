import { call } from '../httpClient'
import { query } from '../crud'
import type { ApiAnswer } from '../../../common/api_contract'

/** The dashboard's figures and charts. */
export const dashboardMethods = {
  dashboardStats: () =>
    call<ApiAnswer<'/api/admin/dashboard-stats', 'get'>>('GET', '/admin/dashboard-stats'),
  dashboardCharts: (days?: number) =>
    call<ApiAnswer<'/api/admin/dashboard-charts', 'get'>>(
      'GET',
      `/admin/dashboard-charts${query({ days })}`
    ),
}
