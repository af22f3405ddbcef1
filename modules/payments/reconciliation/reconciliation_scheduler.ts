import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { SchedulerLock } from '#modules/catalog/index'
import { reconcile } from './reconcile.js'

/** Once a day overall; the run covers the two previous days (a charge created just before midnight is seen twice, never missed). */
const RUN_INTERVAL_MS = 24 * 60 * 60 * 1000
const HOLD_MS = 60 * 60 * 1000
const TICK_MS = 15 * 60 * 1000

/** The daily reconciliation: every process ticks, the scheduler_locks row 'reconciliation' lets one of them run per day. */
class ReconciliationScheduler {
  readonly lock: SchedulerLock
  #timer: NodeJS.Timeout | null = null

  constructor(owner = `${process.pid}-${randomUUID().slice(0, 8)}`) {
    this.lock = new SchedulerLock('reconciliation', owner)
  }

  async tick(now = DateTime.utc()): Promise<boolean> {
    try {
      if (!(await this.lock.claimRun(RUN_INTERVAL_MS, HOLD_MS))) return false
      try {
        await reconcile({
          from: now.minus({ days: 2 }).startOf('day'),
          to: now,
          trigger: 'scheduled',
          startedBy: 'system:reconciliation',
        })
        return true
      } finally {
        await this.lock.release()
      }
    } catch (error) {
      logger.warn({ err: error }, 'scheduled reconciliation failed')
      return false
    }
  }

  start() {
    if (this.#timer) return
    void this.tick()
    this.#timer = setInterval(() => void this.tick(), TICK_MS)
    this.#timer.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}

/** The background task registered in backend/start/background_tasks.ts. */
export const reconciliationTask = {
  async start() {
    const env = (await import('#start/env')).default
    const scheduler = new ReconciliationScheduler()
    if (env.get('RECONCILIATION_TASK', true)) scheduler.start()
    return async () => scheduler.stop()
  },
}
