import { chmodSync } from 'node:fs'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { foldText } from '#modules/shared/fold_text'

/**
 * SQLite is the embedded default; MySQL/MariaDB for production and CI.
 * Both run the same migrations from database/migrations.
 */
const migrations = { naturalSort: true, paths: ['database/migrations'] }
const seeders = { paths: ['database/seeders'] }
const sqlitePath = env.get('SQLITE_PATH') ?? app.tmpPath('db.sqlite3')

/**
 * Pragmas of every SQLite connection (docs/operations.md, "SQLite: one writer at a time"):
 * - WAL: readers never wait for the writer, and the writer never waits for readers, so several
 *   processes (the web server, the CLI, a second web process) share one file;
 * - busy_timeout: a writer that finds another one at work waits for its commit (up to 5 s)
 *   instead of failing at once with SQLITE_BUSY. better-sqlite3 waits synchronously, so the
 *   waiting process's event loop stops meanwhile: bulk writes commit in short batches and pause
 *   between them (modules/shared/bulk_pause.ts), which keeps every wait to about one batch.
 */
function sqlitePragmas(conn: any) {
  conn.pragma('foreign_keys = ON')
  conn.pragma('journal_mode = WAL')
  conn.pragma('busy_timeout = 5000')
  beginImmediate(conn)
}

/**
 * Every transaction begins IMMEDIATE: it takes the write lock (waiting busy_timeout for it) at
 * BEGIN. knex begins with a plain (deferred) BEGIN: such a transaction reads, then tries to
 * write, and if another process committed after its first read SQLite cannot let it write on
 * that stale snapshot — it fails at once with "database is locked" (SQLITE_BUSY_SNAPSHOT),
 * without waiting. The CLI import failed so beside a server writing sessions.
 */
function beginImmediate(conn: any) {
  const prepare = conn.prepare.bind(conn)
  conn.prepare = (sql: string) =>
    prepare(sql === 'BEGIN;' || sql === 'BEGIN' ? 'BEGIN IMMEDIATE;' : sql)
}

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: sqlitePath },
      useNullAsDefault: true,
      migrations,
      seeders,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          sqlitePragmas(conn)
          // Accent- and case-insensitive search, as MariaDB's utf8mb4_unicode_ci (modules/shared/text_search.ts).
          conn.function('fold', { deterministic: true }, foldText)
          // Owner-only, also for a database file created before (the process umask covers new ones).
          if (conn.name && conn.name !== ':memory:') chmodSync(conn.name, 0o600)
          done(null, conn)
        },
      },
    },
    /*
    | Sign-in throttling on SQLite (config/limiter.ts): a file of its own next
    | to the main one, shared by every process on the machine. Its one table
    | is the limiter's (rate-limiter-flexible's SQLite schema), created here.
    */
    rate_limits: {
      client: 'better-sqlite3',
      connection: { filename: `${sqlitePath}.rate-limits` },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          sqlitePragmas(conn)
          conn.exec(
            'CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)'
          )
          done(null, conn)
        },
      },
    },
    mysql: {
      client: 'mysql2',
      connection: {
        host: env.get('DB_HOST', '127.0.0.1'),
        port: env.get('DB_PORT', 3306),
        user: env.get('DB_USER', 'root'),
        password: env.get('DB_PASSWORD', ''),
        database: env.get('DB_DATABASE', 'portal'),
        charset: 'utf8mb4',
        dateStrings: ['DATE'],
        decimalNumbers: true,
        timezone: 'Z',
      },
      pool: { min: 0, max: 10 },
      migrations,
      seeders,
    },
  },
})

export default dbConfig
