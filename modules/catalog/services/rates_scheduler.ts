import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { periodicTask, type PeriodicTask } from '#modules/shared/index'
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
  readonly #task: PeriodicTask
  #state: SchedulerState = 'not_started'
  #lastError: string | null = null

  constructor(owner?: string, options: { intervalMs?: number; tickMs?: number } = {}) {
    this.#task = periodicTask({
      name: 'refresh_exchange_rates',
      owner,
      intervalMs: options.intervalMs ?? REFRESH_INTERVAL_MS,
      holdMs: HOLD_MS,
      tickMs: options.tickMs ?? TICK_MS,
      run: async () => {
        await exchangeRatesService.refresh()
        this.#lastError = null
      },
      onError: (error) => {
        // Offline or provider down: the last good (or seeded) rates keep serving.
        this.#lastError = (error as Error).message
        logger.warn('Exchange-rate refresh failed: %s', this.#lastError)
      },
    })
  }

  get lock() {
    return this.#task.lock
  }

  get intervalMs() {
    return this.#task.intervalMs
  }

  get running() {
    return this.#task.running
  }

  get state(): SchedulerState {
    return this.#state
  }

  /** The reason of this process's last failed refresh; null once a refresh succeeds. */
  get lastError() {
    return this.#lastError
  }

  /** One check: refresh if this process wins the lock. Returns whether it refreshed. Never throws. */
  tick(): Promise<boolean> {
    return this.#task.tick()
  }

  /** Starts ticking, unless fetching is off (EXCHANGE_RATES_URL=off): then the stored or seeded rates serve. */
  start() {
    if (this.#task.running) return
    if (!ratesProviderUrl()) {
      this.#state = 'provider_off'
      return
    }
    this.#state = 'running'
    this.#task.start()
  }

  stop() {
    this.#task.stop()
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
