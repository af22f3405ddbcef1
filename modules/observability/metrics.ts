import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { collectDatabaseGauges } from './database_gauges.js'

/**
 * The one Prometheus registry of this process. Counters and histograms are
 * per process (Prometheus sums them across processes); the gauges read from
 * the database at scrape time, so every process reports the same figures.
 */
export const registry = new Registry()
collectDefaultMetrics({ register: registry })

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const loginAttempts = new Counter({
  name: 'login_attempts_total',
  help: 'Sign-in attempts by kind (member, token, admin) and outcome (success, failure, throttled)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
})

export const importRows = new Counter({
  name: 'import_rows_processed_total',
  help: 'Census rows processed, by stage (preview, import)',
  labelNames: ['stage'] as const,
  registers: [registry],
})

export const webhookEvents = new Counter({
  name: 'webhook_events_processed_total',
  help: 'Provider webhook events processed, by type',
  labelNames: ['type'] as const,
  registers: [registry],
})

export const webhookDelay = new Histogram({
  name: 'webhook_event_delay_seconds',
  help: 'Time from the provider creating an event to its processing here',
  labelNames: ['type'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 1800, 3600, 86400],
  registers: [registry],
})

export const jobFailures = new Counter({
  name: 'job_attempts_failed_total',
  help: 'Job attempts that failed, by type and whether the job is now dead-lettered',
  labelNames: ['type', 'final'] as const,
  registers: [registry],
})

collectDatabaseGauges(registry)

/** The Prometheus text of every metric. */
export function renderMetrics() {
  return registry.metrics()
}
