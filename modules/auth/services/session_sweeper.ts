import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { BackgroundTask } from '#modules/shared/index'
import { sweepDeviceSessions } from './device_sessions.js'
import { IDLE_LIMIT_MS } from './session_guards.js'

const BATCH = 500
const MAX_BATCHES_PER_RUN = 20
const EVERY_MS = 10 * 60 * 1000

/**
 * Deletes expired rows of the session store's `sessions` table, at most
 * `batch` × `maxBatches` per call, each batch a short statement of its own
 * (the store's own per-request garbage collection is off: it would delete
 * every expired row in one statement inside a user's request). The dates
 * are bound as JS Dates, as the store writes them. Returns the rows deleted.
 */
export async function sweepExpiredSessions(
  batch = BATCH,
  maxBatches = MAX_BATCHES_PER_RUN
): Promise<number> {
  let deleted = 0
  for (let round = 0; round < maxBatches; round++) {
    const now = new Date()
    const rows = await db.from('sessions').where('expires_at', '<=', now).select('id').limit(batch)
    if (rows.length === 0) break
    const ids = rows.map((row) => row.id)
    deleted += Number(
      await db.from('sessions').whereIn('id', ids).where('expires_at', '<=', now).delete()
    )
    if (rows.length < batch) break
  }
  return deleted
}

/** Sweeps every 10 minutes in each web process with background workers (backend/start/background_tasks.ts). */
export const sessionSweeperTask: BackgroundTask = {
  async start() {
    // Device rows idle past the longer limit belong to sessions that can no longer be used.
    const sweep = async () =>
      (await sweepExpiredSessions()) + (await sweepDeviceSessions(IDLE_LIMIT_MS.admin))
    const timer = setInterval(
      () => void sweep().catch((error) => logger.error({ err: error }, 'session sweep failed')),
      EVERY_MS
    )
    timer.unref()
    return async () => clearInterval(timer)
  },
}
