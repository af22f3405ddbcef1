/*
| Environment variables, validated at boot. Anything not listed here is
| not read by the application.
*/
import { Env } from '@adonisjs/core/env'
import { APP_ROOT } from '#backend/bin/app_root'
import { parseAllowRanges } from '#modules/shared/outbound_url'

export default await Env.create(APP_ROOT, {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.string(),
  APP_URL: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),
  TRUST_PROXY: Env.schema.string.optional(),
  // Bearer token of the Prometheus scraper for GET /metrics; the endpoint is off without it.
  METRICS_TOKEN: Env.schema.string.optional(),

  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),
  SESSION_COOKIE_SECURE: Env.schema.boolean.optional(),
  REDIS_HOST: Env.schema.string.optional(),
  REDIS_PORT: Env.schema.number.optional(),
  REDIS_PASSWORD: Env.schema.string.optional(),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'mysql'] as const),
  SQLITE_PATH: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional(),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),

  LIMITER_STORE: Env.schema.enum.optional(['memory', 'database'] as const),

  STRIPE_SECRET_KEY: Env.schema.string.optional(),
  STRIPE_PUBLISHABLE_KEY: Env.schema.string.optional(),
  STRIPE_WEBHOOK_SECRET: Env.schema.string.optional(),
  STRIPE_API_HOST: Env.schema.string.optional(),
  STRIPE_API_PORT: Env.schema.number.optional(),
  STRIPE_API_PROTOCOL: Env.schema.enum.optional(['http', 'https'] as const),
  ALLOW_SANDBOX_PAYMENTS: Env.schema.boolean.optional(),

  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  MAIL_FROM: Env.schema.string.optional(),
  OUTBOX_DIR: Env.schema.string.optional(),
  // The census reading thread's heap in MB (default 192; read at each preview: docs/people.md "Limits").
  CENSUS_READER_HEAP_MB: Env.schema.number.optional(),
  // Global recipient of member emails (beats the EMAIL_OVERRIDE_RECIPIENT setting; a member override beats both).
  EMAIL_OVERRIDE_RECIPIENT: Env.schema.string.optional({ format: 'email' }),

  EXCHANGE_RATES_URL: Env.schema.string.optional(),
  // Address ranges server-side requests may reach although the outbound-URL policy blocks them (docs/security.md).
  OUTBOUND_ALLOW_RANGES: (_name: string, value?: string) => {
    parseAllowRanges(value)
    return value
  },
  BACKGROUND_WORKERS: Env.schema.boolean.optional(),
  // false: this process never sends follow-up reminders on its own (the tests' shared process; `invitations remind` still works).
  INVITATION_REMINDERS_TASK: Env.schema.boolean.optional(),
  DUNNING_REMINDERS_TASK: Env.schema.boolean.optional(),
  RENEWAL_TASK: Env.schema.boolean.optional(),
  // Administrators must have a second factor (docs/security.md); on by default when NODE_ENV=production.
  REQUIRE_ADMIN_2FA: Env.schema.boolean.optional(),
  RECONCILIATION_TASK: Env.schema.boolean.optional(),
  STORAGE_DIR: Env.schema.string.optional(),
})
