import { setTimeout as sleep } from 'node:timers/promises'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * How long a bulk write (import, clean, issuing links) leaves an SQLite file alone between two
 * batches. SQLite has one writer at a time, and a process waiting for the lock polls it: its
 * busy handler sleeps 1, 2, 5, 10 … up to 100 ms between tries. A pause shorter than the
 * waiter's sleep is mostly missed (the bulk writer takes the lock back first), so the waiter
 * would wait through many batches, its event loop stopped (better-sqlite3 waits synchronously).
 * About one poll of the waiter is enough for its write to get in.
 */
const SQLITE_BULK_PAUSE_MS = 30

/**
 * Between two committed batches of a bulk write: the event loop's turn for this process's
 * requests — a timer rather than setImmediate, so the loop also polls its sockets and requests
 * waiting for their turn (several reads and writes each) are served — and on SQLite a pause long
 * enough for another process's write to get the lock (docs/operations.md). MariaDB locks rows:
 * there the short turn is enough.
 */
export function bulkPause(client: QueryClientContract): Promise<unknown> {
  return sleep(client.dialect.name.includes('sqlite') ? SQLITE_BULK_PAUSE_MS : 5)
}
