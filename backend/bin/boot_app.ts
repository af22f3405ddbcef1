/*
| Boots the Adonis application without the HTTP server, for the CLI and
| benchmarks: providers, config and database are ready; background tasks
| are not started (they run in the 'web' environment only).
*/
import 'reflect-metadata'
import { Ignitor } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'
import { APP_ROOT, IMPORTER } from './app_root.js'

let booted: ApplicationService | null = null

export async function bootApp(): Promise<ApplicationService> {
  if (booted) return booted
  const ignitor = new Ignitor(APP_ROOT, { importer: IMPORTER })
  const app = ignitor.createApp('console')
  app.booting(async () => {
    await import('#start/env')
  })
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
