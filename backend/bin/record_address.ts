import app from '@adonisjs/core/services/app'

/**
 * Once the server listens, its address goes to the database, where the CLI and workers read it
 * for links when FRONTEND_URL is empty (modules/settings/services/frontend_url.ts): one address
 * for one configuration, whatever PORT their own environment has. Not under NODE_ENV=test: test
 * runs start extra servers on other ports beside the test process, whose links use its own PORT.
 * A failure (database not migrated yet) is logged and the server keeps serving.
 */
export async function recordAddress() {
  if (app.inTest) return
  try {
    const { recordListeningAddress } = await import('#modules/settings/index')
    await recordListeningAddress()
  } catch (error) {
    const logger = await app.container.make('logger')
    logger.warn({ err: error }, 'Could not record the listening address for links')
  }
}
