import 'reflect-metadata'
import { Ignitor } from '@adonisjs/core'
import { APP_ROOT, IMPORTER, prepareApp } from '#backend/bin/app_root'

/**
 * Boots the same Adonis application as the web server, in the 'console'
 * environment: providers, config and database, but no HTTP server and no
 * background tasks. Runs `work`, then shuts the application down.
 */
export async function withApp<T>(work: () => Promise<T>): Promise<T> {
  // CLI output is for people and scripts; the app's info logs would mix into it.
  process.env.LOG_LEVEL ??= 'warn'
  const ignitor = new Ignitor(APP_ROOT, { importer: IMPORTER }).tap(prepareApp)
  const app = ignitor.createApp('console')
  await app.init()
  await app.boot()
  await app.start(async () => {})
  try {
    return await work()
  } finally {
    await app.terminate()
  }
}
