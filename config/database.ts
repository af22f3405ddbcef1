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

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: env.get('SQLITE_PATH') ?? app.tmpPath('db.sqlite3') },
      useNullAsDefault: true,
      migrations,
      seeders,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          conn.pragma('foreign_keys = ON')
          conn.pragma('journal_mode = WAL')
          conn.pragma('busy_timeout = 5000')
          // Accent- and case-insensitive search, as MariaDB's utf8mb4_unicode_ci (modules/shared/text_search.ts).
          conn.function('fold', { deterministic: true }, foldText)
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
