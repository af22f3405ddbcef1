import logger from '@adonisjs/core/services/logger'
import type { BackgroundTask } from '#modules/shared/index'
import { DELIVERY_LEASE_MS, settleLapsed } from './delivery_records.js'

/**
 * Deliveries whose sender died and that no job will take up again (an
 * invitation sent by a web request, say) would stay `sending` for ever. Once
 * a minute, lapsed ones are settled: `failed` when the hand-off never began
 * (nothing was delivered; a fulfilment job still takes a failed email up
 * again), `unknown` when it had. Every process may run it: each row changes
 * by one conditional UPDATE.
 */
export const abandonedDeliveriesTask: BackgroundTask = {
  async start() {
    const timer = setInterval(() => {
      settleLapsed().catch((error) =>
        logger.error({ err: error }, 'settling abandoned email deliveries failed')
      )
    }, DELIVERY_LEASE_MS)
    timer.unref()
    return async () => clearInterval(timer)
  },
}
