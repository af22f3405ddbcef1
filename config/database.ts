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

/** Pragmas of every SQLite connection: WAL lets several processes share a file. */
function sqlitePragmas(conn: any) {
  conn.pragma('foreign_keys = ON')
  conn.pragma('journal_mode = WAL')
  conn.pragma('busy_timeout = 5000')
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
