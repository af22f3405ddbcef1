import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Sign-in throttling store, shared by every process. The database store's
 * consume is one atomic upsert on both dialects: on MySQL/MariaDB the
 * `rate_limits` table of the main database; on SQLite the `rate_limits`
 * connection (its own file next to the main one, see config/database.ts),
 * so a long write transaction of the app never holds the limiter up.
 * LIMITER_STORE=memory is for one single process only.
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
