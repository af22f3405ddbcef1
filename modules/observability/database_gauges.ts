import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Gauge, type Registry } from 'prom-client'

/** Seconds between a stored timestamp and now (dialect-neutral: computed here). */
function ageSeconds(value: unknown) {
  if (!value) return 0
  const time =
    value instanceof Date
      ? value.getTime()
      : Date.parse(String(value).replace(' ', 'T') + (String(value).includes('Z') ? '' : 'Z'))
  return Number.isFinite(time) ? Math.max(0, (Date.now() - time) / 1000) : 0
}

/**
 * Gauges read from the database at scrape time: the job queue (depth and
 * age of the oldest due job per type, dead-lettered jobs) and email
 * deliveries by status. A database error leaves the previous values.
 */
/** A gauge reader that keeps the last values when the database cannot answer (a scrape never fails). */
function safely<T>(read: (this: T) => Promise<void>) {
  return async function (this: T) {
    try {
      await read.call(this)
    } catch {}
  }
}

export function collectDatabaseGauges(registry: Registry) {
  new Gauge({
    name: 'jobs_queued',
    help: 'Jobs waiting (queued or running) by type and status',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
    collect: safely(async function (this: Gauge) {
      const rows = await db
        .from('jobs')
        .whereIn('status', ['queued', 'running'])
        .select('type', 'status')
        .count('* as total')
        .groupBy('type', 'status')
      this.reset()
      for (const row of rows) this.set({ type: row.type, status: row.status }, Number(row.total))
    }),
  })
  new Gauge({
    name: 'jobs_oldest_due_age_seconds',
    help: 'Age of the oldest queued job that is due, by type',
    labelNames: ['type'] as const,
    registers: [registry],
    collect: safely(async function (this: Gauge) {
      const rows = await db
        .from('jobs')
        .where('status', 'queued')
        .where('run_at', '<=', DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'))
        .select('type')
        .min('run_at as oldest')
        .groupBy('type')
      this.reset()
      for (const row of rows) this.set({ type: row.type }, ageSeconds(row.oldest))
    }),
  })
  new Gauge({
    name: 'jobs_dead_lettered',
    help: 'Jobs that exhausted their attempts, by type',
    labelNames: ['type'] as const,
    registers: [registry],
    collect: safely(async function (this: Gauge) {
      const rows = await db
        .from('jobs')
        .where('status', 'failed')
        .select('type')
        .count('* as total')
        .groupBy('type')
      this.reset()
      for (const row of rows) this.set({ type: row.type }, Number(row.total))
    }),
  })
  new Gauge({
    name: 'email_deliveries',
    help: 'Email deliveries by status',
    labelNames: ['status'] as const,
    registers: [registry],
    collect: safely(async function (this: Gauge) {
      const rows = await db
        .from('email_deliveries')
        .select('status')
        .count('* as total')
        .groupBy('status')
      this.reset()
      for (const row of rows) this.set({ status: row.status }, Number(row.total))
    }),
  })
  new Gauge({
    name: 'reconciliation_mismatches',
    help: 'Mismatches found by the latest finished reconciliation with the payment provider, by kind (docs/payments.md)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect: safely(async function (this: Gauge) {
      const run = await db
        .from('reconciliation_runs')
        .where('status', 'finished')
        .orderBy('id', 'desc')
        .select('id')
        .first()
      this.reset()
      if (!run) return
      for (const kind of [
        'missing_here',
        'missing_at_provider',
        'amount_differs',
        'currency_differs',
        'status_differs',
      ])
        this.set({ kind }, 0)
      const rows = await db
        .from('reconciliation_items')
        .where('run_id', run.id)
        .select('kind')
        .count('* as total')
        .groupBy('kind')
      for (const row of rows) this.set({ kind: row.kind }, Number(row.total))
    }),
  })
}
