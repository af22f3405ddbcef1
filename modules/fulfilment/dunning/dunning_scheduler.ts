import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { SchedulerLock } from '#modules/catalog/index'
import { dunningReminders } from './dunning_reminders.js'

/** Reminders are looked for once an hour overall (one process, the scheduler_locks row 'dunning_reminders'). */
const RUN_INTERVAL_MS = 60 * 60 * 1000
const HOLD_MS = 15 * 60 * 1000
const TICK_MS = 5 * 60 * 1000

/** The dunning reminders in the background, like the invitation reminders. */
class DunningScheduler {
  readonly lock: SchedulerLock
  #timer: NodeJS.Timeout | null = null

  constructor(owner = `${process.pid}-${randomUUID().slice(0, 8)}`) {
    this.lock = new SchedulerLock('dunning_reminders', owner)
  }

  /** One check: runs the reminders if this process wins the lock. Never throws. */
  async tick(): Promise<boolean> {
    try {
      if (!(await this.lock.claimRun(RUN_INTERVAL_MS, HOLD_MS))) return false
      try {
        const result = await dunningReminders.run()
        if (result.sent + result.failed > 0) logger.info(result, 'dunning reminders sent')
        return true
      } finally {
        await this.lock.release()
      }
    } catch (error) {
      logger.warn({ err: error }, 'dunning reminders failed')
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
export const dunningRemindersTask = {
  async start() {
    const env = (await import('#start/env')).default
    const scheduler = new DunningScheduler()
    if (env.get('DUNNING_REMINDERS_TASK', true)) scheduler.start()
    return async () => scheduler.stop()
  },
}
