import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { SchedulerLock } from './scheduler_lock.js'
import { exchangeRatesService } from './exchange_rates_service.js'
import { ratesProviderUrl } from './rates_provider.js'

/** Exchange rates refresh every 5 minutes (admin-backoffice.md §9). */
const REFRESH_INTERVAL_MS = 5 * 60 * 1000
/** How long a claimed run may take before another process may take over. */
const HOLD_MS = 60 * 1000
/** Processes check often; the lock's last_run_at keeps the refresh at one per interval overall. */
const TICK_MS = 30 * 1000

/** This process's part: started, not started (no background tasks here), or started with fetching off. */
export type SchedulerState = 'running' | 'not_started' | 'provider_off'

/**
 * Refreshes exchange rates in the background. Several processes may each run
 * one; the database lock lets only one refresh per interval.
 */
export class RatesScheduler {
  readonly lock: SchedulerLock
  readonly intervalMs: number
  readonly tickMs: number
  #timer: NodeJS.Timeout | null = null
  #state: SchedulerState = 'not_started'
  #lastError: string | null = null

  constructor(
    owner = `${process.pid}-${randomUUID().slice(0, 8)}`,
    options: { intervalMs?: number; tickMs?: number } = {}
  ) {
    this.lock = new SchedulerLock('refresh_exchange_rates', owner)
    this.intervalMs = options.intervalMs ?? REFRESH_INTERVAL_MS
    this.tickMs = options.tickMs ?? TICK_MS
  }

  get running() {
    return this.#timer !== null
  }

  get state(): SchedulerState {
    return this.#state
  }

  /** The reason of this process's last failed refresh; null once a refresh succeeds. */
  get lastError() {
    return this.#lastError
  }

  /** One check: refresh if this process wins the lock. Returns whether it refreshed. Never throws. */
  async tick(): Promise<boolean> {
    try {
      if (!(await this.lock.claimRun(this.intervalMs, HOLD_MS))) return false
      try {
        await exchangeRatesService.refresh()
        this.#lastError = null
        return true
      } finally {
        await this.lock.release()
      }
    } catch (error) {
      // Offline or provider down: the last good (or seeded) rates keep serving.
      this.#lastError = (error as Error).message
      logger.warn('Exchange-rate refresh failed: %s', this.#lastError)
      return false
    }
  }

  /** Starts ticking, unless fetching is off (EXCHANGE_RATES_URL=off): then the stored or seeded rates serve. */
  start() {
    if (this.#timer) return
    if (!ratesProviderUrl()) {
      this.#state = 'provider_off'
      return
    }
    this.#state = 'running'
    void this.tick()
    this.#timer = setInterval(() => void this.tick(), this.tickMs)
    this.#timer.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    if (this.#state === 'running') this.#state = 'not_started'
  }

  /**
   * The status the Currencies screen shows. `running` is true when the
   * refresh is active anywhere: in this process, or in another one that
   * claimed the lock recently (a live process claims at most one tick after
   * each interval, so a claim younger than interval + tick + hold proves one).
   */
  async status() {
    const lastRun = await this.lock.lastRun()
    const liveWindowMs = this.intervalMs + TICK_MS + HOLD_MS
    const elsewhere =
      lastRun !== null && DateTime.utc().diff(lastRun.at).as('milliseconds') < liveWindowMs
    const url = ratesProviderUrl()
    return {
      running: this.running || elsewhere,
      inThisProcess: this.running,
      state: this.#state,
      intervalSeconds: this.intervalMs / 1000,
      providerConfigured: url !== null,
      provider: url ? providerHost(url) : null,
      lastRunAt: lastRun ? lastRun.at.toISO() : null,
      lastError: this.#lastError,
    }
  }
}

function providerHost(url: string) {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** The scheduler of this process (started by the background provider). */
const ratesScheduler = new RatesScheduler()

export async function schedulerStatus() {
  return { refreshRatesTask: await ratesScheduler.status() }
}

/** The background task registered in backend/start/background_tasks.ts. */
export const ratesSchedulerTask = {
  async start() {
    ratesScheduler.start()
    return async () => ratesScheduler.stop()
  },
}
