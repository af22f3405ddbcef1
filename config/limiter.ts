import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * The `rate_limits` table shared by every process: on MySQL/MariaDB in the
 * main database; on SQLite on the `rate_limits` connection (its own file
 * next to the main one, see config/database.ts), so a long write transaction
 * of the app never holds it up. The sign-in counters
 * (modules/auth/services/login_throttle.ts) write it with their own
 * conditional SQL on that connection; limiter.clear() empties it.
 * LIMITER_STORE=memory is for one single process only (sign-in keeps the table).
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', 'database'),
  stores: {
    database: stores.database({
      tableName: 'rate_limits',
      connectionName: env.get('DB_CONNECTION', 'sqlite') === 'mysql' ? 'mysql' : 'rate_limits',
    }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
import type { InferLimiters } from '@adonisjs/limiter/types'
