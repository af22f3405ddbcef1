import type { ApplicationService } from '@adonisjs/core/types'
import { BACKGROUND_TASKS } from '#start/background_tasks'

/**
 * Starts the background tasks (job worker, exchange-rate scheduler) in the
 * web process once the app is ready, and stops them on shutdown.
 * BACKGROUND_WORKERS=false turns them off (e.g. for extra web processes).
 */
export default class BackgroundProvider {
  #stops: (() => Promise<void>)[] = []

  constructor(protected app: ApplicationService) {}

  async ready() {
    const env = (await import('#start/env')).default
    if (!env.get('BACKGROUND_WORKERS', true)) return
    for (const load of BACKGROUND_TASKS) {
      const task = await load()
      this.#stops.push(await task.start())
    }
  }

  async shutdown() {
    await Promise.all(this.#stops.map((stop) => stop()))
  }
}
