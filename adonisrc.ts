import { defineConfig } from '@adonisjs/core/app'

/**
 * Application manifest. Each domain module registers its routes through
 * `backend/start/routes.ts`; only the framework wiring lives here.
 */
/** Where HTTP requests are served; the CLI, ace and workers ('console') skip what only requests need. */
const HTTP: ('web' | 'test' | 'repl')[] = ['web', 'test', 'repl']

export default defineConfig({
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/mail/commands'),
  ],
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    { file: () => import('@adonisjs/core/providers/repl_provider'), environment: ['repl', 'test'] },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    { file: () => import('./backend/providers/background_provider.js'), environment: ['web'] },
  ],
  preloads: [
    // The HTTP routes and middleware only where requests are served: a CLI command or a worker
    // process boots about a second faster without loading every controller and validator.
    { file: () => import('#start/routes'), environment: HTTP },
    { file: () => import('#start/kernel'), environment: HTTP },
    () => import('#start/validator'),
    () => import('#start/migration_outcomes'),
    () => import('#start/insurer_cancellation'),
  ],
  directories: {
    config: 'config',
    public: 'frontend/dist',
    migrations: 'database/migrations',
    seeders: 'database/seeders',
    tests: 'tests',
    tmp: 'tmp',
    httpControllers: 'modules',
    models: 'modules',
  },
  tests: {
    suites: [
      { name: 'unit', files: ['tests/unit/**/*.spec.ts'], timeout: 30000 },
      { name: 'functional', files: ['tests/functional/**/*.spec.ts'], timeout: 60000 },
      { name: 'browser', files: ['tests/browser/**/*.spec.ts'], timeout: 120000 },
    ],
    forceExit: true,
  },
  metaFiles: [],
})
