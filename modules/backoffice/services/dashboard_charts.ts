import db from '@adonisjs/lucid/services/db'
import { fromCents, readCache, toCents } from '#modules/shared/index'
import { settingsService } from '#modules/settings/index'
import { MIGRATION_STATUSES } from '#modules/migrations/index'
import { DateTime } from 'luxon'
import { count, sqlDateTime } from './sql_values.js'
import { PAYMENT_NET_AMOUNT, PAYMENT_USD } from './revenue_sql.js'
import { DASHBOARD_CACHE_MS } from './dashboard_service.js'

const COMPLETED = ['completed', 'completed_with_warnings']
export const CHART_DAYS = 30

/**
 * The dashboard's charts (docs/operations.md §6): migrations started and completed per day over the
 * last `days` days (today included) in the TIMEZONE setting's calendar, paid revenue by currency with
 * its USD value (the migration's frozen rate, as the revenue tiles), and migrations by status.
 * Shared like the dashboard figures (readCache: a few seconds, single-flight, dropped by any write).
 */
export const dashboardCharts = {
  get(days = CHART_DAYS) {
    return readCache.get(`backoffice:dashboard-charts:${days}`, DASHBOARD_CACHE_MS, () =>
      computeCharts(days)
    )
  },
}

/** The start of each of the last `days` days in `zone` and the start of tomorrow (days + 1 instants). */
function dayBoundaries(zone: string, days: number, now = DateTime.now()) {
  const today = now.setZone(zone).startOf('day')
  return Array.from({ length: days + 1 }, (_, index) => today.minus({ days: days - 1 - index }))
}

/**
 * `column` as the index of its day among `bounds` (a CASE over the UTC boundaries, so both databases
 * group by the configured zone's days without time-zone tables); rows outside are filtered by the caller.
 */
function dayIndex(column: string, bounds: DateTime[]) {
  const cases = bounds.slice(1).map((_, index) => `WHEN ${column} < ? THEN ${index}`)
  return db.raw(`CASE ${cases.join(' ')} END as day`, bounds.slice(1).map(sqlDateTime))
}

async function perDay(column: 'created_at' | 'completed_at', bounds: DateTime[]) {
  const query = db
    .from('migrations')
    .where(column, '>=', sqlDateTime(bounds[0]))
    .where(column, '<', sqlDateTime(bounds[bounds.length - 1]))
    .select(dayIndex(column, bounds))
    .count('* as total')
    .groupBy('day')
  // Completed per day from the (status, completed_at) index alone; started from the list index (created_at first).
  if (column === 'completed_at') query.whereIn('status', COMPLETED)
  const totals = new Array<number>(bounds.length - 1).fill(0)
  for (const row of await query) totals[count(row.day)] = count(row.total)
  return totals
}

async function computeCharts(days: number) {
  const timezone = await settingsService.get('TIMEZONE', 'UTC')
  const bounds = dayBoundaries(timezone, days)
  const [started, completed, revenue, statuses] = await Promise.all([
    perDay('created_at', bounds),
    perDay('completed_at', bounds),
    db
      .from('payments as p')
      .join('migrations as m', 'm.id', 'p.migration_id')
      .where('p.paid', true)
      .groupBy('p.currency')
      .select(
        'p.currency',
        db.raw(`SUM(${PAYMENT_NET_AMOUNT}) as amount`),
        db.raw(`SUM(${PAYMENT_USD}) as amount_usd`)
      )
      .orderBy('p.currency'),
    db.from('migrations').groupBy('status').select('status').count('* as total'),
  ])
  const byStatus = new Map(statuses.map((row) => [row.status as string, count(row.total)]))
  return {
    timezone,
    days: bounds.slice(0, -1).map((start, index) => ({
      date: start.toISODate()!,
      started: started[index],
      completed: completed[index],
    })),
    revenueByCurrency: revenue.map((row) => ({
      currency: String(row.currency),
      amount: fromCents(toCents(Number(row.amount ?? 0))),
      amountUsd: fromCents(toCents(Number(row.amount_usd ?? 0))),
    })),
    statuses: MIGRATION_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
  }
}
