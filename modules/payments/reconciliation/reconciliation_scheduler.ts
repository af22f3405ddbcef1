import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { periodicTask } from '#modules/shared/index'
import { reconcile } from './reconcile.js'

/**
 * The daily reconciliation: every process ticks, the scheduler_locks row
 * 'reconciliation' lets one of them run per day. The run covers the two
 * previous days (a charge created just before midnight is seen twice, never missed).
 */
function reconciliationScheduler() {
  return periodicTask({
    name: 'reconciliation',
    intervalMs: 24 * 60 * 60 * 1000,
    holdMs: 60 * 60 * 1000,
    tickMs: 15 * 60 * 1000,
    async run() {
      const now = DateTime.utc()
      await reconcile({
        from: now.minus({ days: 2 }).startOf('day'),
        to: now,
        trigger: 'scheduled',
        startedBy: 'system:reconciliation',
      })
    },
    onError: (error) => logger.warn({ err: error }, 'scheduled reconciliation failed'),
  })
}

/** The background task registered in backend/start/background_tasks.ts. */
export const reconciliationTask = {
  async start() {
    const env = (await import('#start/env')).default
    const scheduler = reconciliationScheduler()
    if (env.get('RECONCILIATION_TASK', true)) scheduler.start()
    return async () => scheduler.stop()
  },
}
