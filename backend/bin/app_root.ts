import { Ignitor } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'

// Every timestamp the application writes or compares (job leases, "today" on
// the dashboard) is UTC whatever the host's zone; the TIMEZONE setting decides
// business dates explicitly where they matter.
process.env.TZ = 'UTC'

// Everything the application writes (the SQLite database and its journal,
// policy documents, the email outbox, uploads) holds personal data: owner-only
// (files 0600, folders 0700) whatever the shell's umask. Writers that know
// their files also pass the modes explicitly.
process.umask(0o077)

/** Where this code is: the project root, or build/ when running the compiled output (`npm run build`). */
const CODE_ROOT = new URL('../../', import.meta.url)

/** True in the compiled build: files end in .js there, in .ts under the TypeScript loader. */
export const COMPILED = import.meta.url.endsWith('.js')

/**
 * The project root, compiled or not: .env, tmp/, storage/, frontend/dist
 * and the document templates are read from here, so the compiled server
 * and CLI use the same data as `node ace` and the tests.
 */
export const APP_ROOT = COMPILED ? new URL('../', CODE_ROOT) : CODE_ROOT

/** Imports a module relative to the code root (used by the Ignitor). */
export const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, CODE_ROOT).href)
  }
  return import(filePath)
}

/**
 * In the compiled build Adonis would look for adonisrc.js and config/ at
 * the project root, where only the TypeScript sources are: it gets the
 * compiled manifest, pointed at the compiled config files. (Migrations and
 * seeders are run by `node ace`, from the sources.)
 */
const COMPILED_MANIFEST = COMPILED
  ? (await import(new URL('adonisrc.js', CODE_ROOT).href)).default
  : null

/** What every entry point does to its application before init: manifest, env validated at boot. */
export function prepareApp(app: ApplicationService) {
  if (COMPILED_MANIFEST)
    app.rcContents({
      ...COMPILED_MANIFEST,
      directories: { ...COMPILED_MANIFEST.directories, config: 'build/config' },
    })
  app.booting(async () => {
    await import('#start/env')
  })
}

/** The Ignitor every long-running entry point uses: prepared app, clean shutdown on signals. */
export function createIgnitor() {
  return new Ignitor(APP_ROOT, { importer: IMPORTER }).tap((app) => {
    prepareApp(app)
    app.listen('SIGTERM', () => {
      // Stops accepting, finishes the requests in flight and the job in hand (docs/scaling.md);
      // a process that has not ended by the grace period is ended.
      const graceMs = Number(process.env.SHUTDOWN_GRACE_MS) || 25_000
      setTimeout(() => process.exit(1), graceMs).unref()
      // Under the cluster the IPC channel to the primary would keep the ended process alive.
      void app.terminate().finally(() => process.connected && process.disconnect?.())
    })
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
}
