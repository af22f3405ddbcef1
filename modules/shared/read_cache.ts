import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { ConnectionContract } from '@adonisjs/lucid/types/database'

/**
 * A short shared cache for expensive read answers (the back-office dashboard): one
 * computation per key serves every caller for a few seconds, callers that arrive while it
 * runs wait for the same promise (single-flight), and any write this process sends to the
 * database drops every entry.
 *
 * The write hook is the database layer itself: every statement of every Lucid connection
 * passes knex's `query` event, so an INSERT, UPDATE, DELETE (or the COMMIT / ROLLBACK
 * ending one) bumps `dataVersion`, whichever service or model sent it. An entry computed
 * under an older version is never served. Writes by another process (the CLI) are seen
 * when the entry expires; work in a worker thread with its own connections ends with
 * `readCache.invalidate()`.
 */
const WRITE_STATEMENT =
  /^\s*(insert|update|delete|replace|truncate|commit|rollback|alter|create|drop|load|rename)\b/i
/**
 * Bookkeeping no cached answer reads: the database session store touches its row on every
 * request (`update sessions set expires_at`), a signed-in device's row is added at sign-in and
 * its last_seen_at moved on once a minute (`user_sessions`), and the limiter upserts its
 * counters. Counting them as writes would drop every answer on every signed-in request (50
 * admins' once-a-minute touches alone dropped the answers about once a second).
 */
const BOOKKEEPING_WRITE =
  /^\s*(update|insert\s+(ignore\s+)?into|delete\s+from|replace\s+into)\s+[`"]?(sessions|user_sessions|rate_limits)[`"]?\s/i

let dataVersion = 0
const watched = new WeakSet<object>()

function watch(connection: ConnectionContract | undefined) {
  const client = connection?.client as
    | { on?: (event: string, listener: (query: { sql?: string }) => void) => void }
    | undefined
  if (!client?.on || watched.has(client)) return
  watched.add(client)
  client.on('query', (query) => {
    if (query.sql && WRITE_STATEMENT.test(query.sql) && !BOOKKEEPING_WRITE.test(query.sql))
      dataVersion++
  })
}

for (const node of db.manager.connections.values()) watch(node.connection)
emitter.on('db:connection:connect', (connection) => watch(connection))

interface Entry<T> {
  version: number
  expiresAt: number
  value: Promise<T>
}

/** At most this many answers are kept (the oldest goes first): list answers can be a few hundred KB each. */
const MAX_ENTRIES = 32
const entries = new Map<string, Entry<unknown>>()

function remember(key: string, entry: Entry<unknown>) {
  entries.delete(key)
  entries.set(key, entry)
  const now = Date.now()
  for (const [oldKey, old] of entries) {
    if (entries.size <= MAX_ENTRIES && old.expiresAt > now && old.version === dataVersion) break
    if (oldKey !== key) entries.delete(oldKey)
  }
}

export const readCache = {
  /** The value of `key`: the cached one while fresh and no write happened since it was computed, else `compute()` once. */
  get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    for (const node of db.manager.connections.values()) watch(node.connection)
    const entry = entries.get(key) as Entry<T> | undefined
    if (entry && entry.version === dataVersion && entry.expiresAt > Date.now()) return entry.value
    const fresh: Entry<T> = {
      version: dataVersion,
      expiresAt: Date.now() + ttlMs,
      value: compute(),
    }
    remember(key, fresh)
    // A failed computation is not kept: the next caller tries again.
    fresh.value.catch(() => entries.get(key) === fresh && entries.delete(key))
    return fresh.value
  },

  /**
   * Drops every answer. For writes this process's connections do not see: a worker thread or
   * child process with its own database connections (call it when that work has finished).
   */
  invalidate() {
    dataVersion++
  },
}
