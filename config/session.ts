import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { withTouchesAtMostEveryMinute } from '#modules/auth/services/session_touch'

/**
 * One server-side session carries both guards (member and admin); the
 * cookie holds only its signed id. The idle limits of decisions.md §3
 * (member 30 min, admin 2 h) are enforced by modules/auth/services/session_guards.ts;
 * a row lives as long as the longer one. SESSION_DRIVER: `database` (default:
 * the `sessions` table, shared by every process; expired rows swept in
 * batches by the auth module's session sweeper), `redis` (REDIS_HOST,
 * REDIS_PORT, REDIS_PASSWORD; keys expire by themselves) or `memory`
 * (tests only: the Japa session client needs it).
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'portal-session',
  clearWithBrowser: false,
  age: '2h',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: env.get('SESSION_COOKIE_SECURE', app.inProduction),
    sameSite: 'lax',
  },
  store: env.get('SESSION_DRIVER', 'database'),
  stores: {
    // An unchanged session's row is written at most once a minute per process (session_touch.ts).
    database: withTouchesAtMostEveryMinute(
      stores.database({ tableName: 'sessions', gcProbability: 0 })
    ),
    // For larger deployments: keys expire by themselves (config/redis.ts).
    redis: stores.redis({ connection: 'main' }),
  },
})

export default sessionConfig
