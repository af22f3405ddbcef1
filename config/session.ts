import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * One cookie session carries both guards (member and admin). The idle
 * limits of decisions.md §3 (member 30 min, admin 2 h) are enforced by the
 * idle_timeout middleware; the cookie lives as long as the longer one.
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
  store: env.get('SESSION_DRIVER', 'cookie'),
  stores: {
    cookie: stores.cookie(),
  },
})

export default sessionConfig
