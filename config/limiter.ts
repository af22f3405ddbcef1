import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Sign-in throttling store. The database store refuses SQLite, so the
 * embedded default uses memory; MySQL deployments use the database
 * (shared by every process). Chosen by LIMITER_STORE.
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', env.get('DB_CONNECTION', 'sqlite') === 'mysql' ? 'database' : 'memory'),
  stores: {
    database: stores.database({ tableName: 'rate_limits', connectionName: 'mysql' }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
import type { InferLimiters } from '@adonisjs/limiter/types'
