import { Ignitor } from '@adonisjs/core'

// Every timestamp the application writes or compares (job leases, "today" on
// the dashboard) is UTC whatever the host's zone; the TIMEZONE setting decides
// business dates explicitly where they matter.
process.env.TZ = 'UTC'

/** The project root: backend/bin is two folders below it. */
export const APP_ROOT = new URL('../../', import.meta.url)

/** Imports a module relative to the project root (used by the Ignitor). */
export const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/** The Ignitor every entry point uses: env validated at boot, clean shutdown on signals. */
export function createIgnitor() {
  return new Ignitor(APP_ROOT, { importer: IMPORTER }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
}
