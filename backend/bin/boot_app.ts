/*
| Boots the Adonis application without the HTTP server, for the CLI and
| benchmarks: providers, config and database are ready; background tasks
| are not started (they run in the 'web' environment only).
*/
import 'reflect-metadata'
import type { ApplicationService } from '@adonisjs/core/types'
import { createIgnitor } from './app_root.js'

let booted: ApplicationService | null = null

export async function bootApp(): Promise<ApplicationService> {
  if (booted) return booted
  const app = createIgnitor().createApp('console')
  await app.init()
  await app.boot()
  await app.start(() => {})
  booted = app
  return app
}

/** Closes database connections and providers so the process can exit. */
export async function shutdownApp() {
  if (!booted) return
  await booted.terminate()
  booted = null
}
