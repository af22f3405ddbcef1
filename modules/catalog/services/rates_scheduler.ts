import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { SchedulerLock } from './scheduler_lock.js'
import { exchangeRatesService } from './exchange_rates_service.js'
import { ratesProviderUrl } from './rates_provider.js'

/** Exchange rates refresh every 5 minutes (admin-backoffice.md §9). */
export const REFRESH_INTERVAL_MS = 5 * 60 * 1000
/** How long a claimed run may take before another process may take over. */
const HOLD_MS = 60 * 1000
/** Processes check often; the lock's last_run_at keeps the refresh at one per interval overall. */
const TICK_MS = 30 * 1000

/**
 * Refreshes exchange rates in the background. Several processes may each run
 * one; the database lock lets only one refresh per interval.
 */
export class RatesScheduler {
  readonly lock: SchedulerLock
  #timer: NodeJS.Timeout | null = null

  constructor(owner = `${process.pid}-${randomUUID().slice(0, 8)}`, readonly intervalMs = REFRESH_INTERVAL_MS) {
    this.lock = new SchedulerLock('refresh_exchange_rates', owner)
  }

  get running() {
    return this.#timer !== null
  }

  /** One check: refresh if this process wins the lock. Returns whether it refreshed. Never throws. */
  async tick(): Promise<boolean> {
    try {
      if (!(await this.lock.claimRun(this.intervalMs, HOLD_MS))) return false
      try {
        await exchangeRatesService.refresh()
        return true
      } finally {
        await this.lock.release()
      }
    } catch (error) {
      // Offline or provider down: the last good (or seeded) rates keep serving.
      logger.warn('Exchange-rate refresh failed: %s', (error as Error).message)
      return false
    }
  }

  start() {
    if (this.#timer || !ratesProviderUrl()) return
    void this.tick()
    this.#timer = setInterval(() => void this.tick(), TICK_MS)
    this.#timer.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}

/** The scheduler of this process (started by the background provider). */
export const ratesScheduler = new RatesScheduler()

export function schedulerStatus() {
  return {
    refreshRatesTask: {
      running: ratesScheduler.running,
      intervalSeconds: REFRESH_INTERVAL_MS / 1000,
      providerConfigured: ratesProviderUrl() !== null,
    },
  }
}

/** The background task registered in backend/start/background_tasks.ts. */
export const ratesSchedulerTask = {
  async start() {
    ratesScheduler.start()
    return async () => ratesScheduler.stop()
  },
}
