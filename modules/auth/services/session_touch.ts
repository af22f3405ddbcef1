import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { SessionStoreContract, SessionStoreFactory } from '@adonisjs/session/types'

/**
 * How often an unchanged session's row has its expiry moved on, per process. The database store
 * wrote the row on every signed-in request (`update sessions set expires_at`): a MariaDB write
 * per API call, the most expensive statement of most calls under load. A session
 * lives 2 hours (config/session.ts); moved on once a minute, it ends at most a minute early.
 */
const SESSION_TOUCH_EVERY_MS = 60 * 1000

/** Sessions this process wrote or touched lately, oldest first (bounded: one entry per session). */
const touchedAt = new Map<string, number>()
const MAX_REMEMBERED = 100_000

function remember(sessionId: string) {
  touchedAt.delete(sessionId)
  touchedAt.set(sessionId, Date.now())
  if (touchedAt.size > MAX_REMEMBERED) touchedAt.delete(touchedAt.keys().next().value!)
}

function touchedLately(sessionId: string) {
  const at = touchedAt.get(sessionId)
  return at !== undefined && Date.now() - at < SESSION_TOUCH_EVERY_MS
}

/** The store, whose touch is skipped while its row was written or touched in the last minute. */
function touchingAtMostEveryMinute(store: SessionStoreContract): SessionStoreContract {
  const { write, destroy, touch } = store
  return Object.assign(store, {
    async write(sessionId: string, data: Parameters<SessionStoreContract['write']>[1]) {
      await write.call(store, sessionId, data)
      remember(sessionId)
    },
    async destroy(sessionId: string) {
      touchedAt.delete(sessionId)
      await destroy.call(store, sessionId)
    },
    async touch(sessionId: string) {
      if (touchedLately(sessionId)) return
      await touch.call(store, sessionId)
      remember(sessionId)
    },
  })
}

/** A session store (config/session.ts) whose unchanged sessions are written at most once a minute. */
export function withTouchesAtMostEveryMinute(
  provider: ConfigProvider<SessionStoreFactory>
): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const factory = await provider.resolver(app)
    return (ctx, config) => touchingAtMostEveryMinute(factory(ctx, config))
  })
}
