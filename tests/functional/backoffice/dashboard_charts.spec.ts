import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { insertMigration, insertPayment } from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'

const SQL = 'yyyy-MM-dd HH:mm:ss'
const ZONE = 'Asia/Tokyo' // UTC+9 all year: a Tokyo day starts at 15:00 UTC the day before

/** A timestamp column value from either driver as a luxon time in UTC. */
function utc(value: unknown) {
  return value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' })
    : DateTime.fromFormat(String(value), SQL, { zone: 'utc' })
}

/** The charts computed the plain way: every row read and put on its day in ZONE. */
async function plainCharts(dates: string[]) {
  const started = new Map(dates.map((date) => [date, 0]))
  const completed = new Map(dates.map((date) => [date, 0]))
  for (const row of await db.from('migrations').select('created_at', 'completed_at', 'status')) {
    const startedOn = utc(row.created_at).setZone(ZONE).toISODate()!
    if (started.has(startedOn)) started.set(startedOn, started.get(startedOn)! + 1)
    if (row.completed_at && ['completed', 'completed_with_warnings'].includes(row.status)) {
      const completedOn = utc(row.completed_at).setZone(ZONE).toISODate()!
      if (completed.has(completedOn)) completed.set(completedOn, completed.get(completedOn)! + 1)
    }
  }
  const revenue = new Map<string, { amount: number; usd: number }>()
  for (const row of await db
    .from('payments as p')
    .join('migrations as m', 'm.id', 'p.migration_id')
    .where('p.paid', true)
    .select('p.currency', 'p.amount', 'm.total_amount', 'm.total_amount_usd')) {
    const entry = revenue.get(row.currency) ?? { amount: 0, usd: 0 }
    entry.amount += Number(row.amount)
    entry.usd += (Number(row.amount) * Number(row.total_amount_usd)) / Number(row.total_amount)
    revenue.set(row.currency, entry)
  }
  return {
    days: dates.map((date) => ({
      date,
      started: started.get(date)!,
      completed: completed.get(date)!,
    })),
    revenueByCurrency: [...revenue.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, entry]) => ({
        currency,
        amount: Math.round(entry.amount * 100) / 100,
        amountUsd: Math.round(entry.usd * 100) / 100,
      })),
  }
}

test.group('Dashboard charts', (group) => {
  isolateEachTest(group)

  test('without an admin session the call is refused; a window outside 7–90 days is a 422', async ({
    client,
  }) => {
    const anonymous = await client.get('/api/admin/dashboard-charts')
    anonymous.assertStatus(401)
    anonymous.assertBodyContains({ success: false, error: 'Admin authentication required' })
    const admin = await AdminUser.findByOrFail('username', 'admin')
    for (const days of ['3', '91', 'many', '10.5']) {
      const response = await client.get(`/api/admin/dashboard-charts?days=${days}`).asAdmin(admin)
      response.assertStatus(422)
      response.assertBodyContains({ success: false })
    }
  })

  test('per-day counts in the TIMEZONE setting and revenue by currency equal a plain computation', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    // The first answer is cached; the setting change and the inserts below are writes that drop it.
    const before = (await client.get('/api/admin/dashboard-charts').asAdmin(admin)).body()
    ;(
      await client
        .put('/api/admin/settings/TIMEZONE')
        .json({ value: ZONE })
        .asAdmin(admin)
        .withCsrfToken()
    ).assertStatus(200)

    const today = DateTime.now().setZone(ZONE).startOf('day')
    const at = (time: DateTime) => time.toUTC().toFormat(SQL)
    // What the seeded data (the demo's purchase, made when the database was seeded) already counts.
    const seeded = await plainCharts(
      Array.from({ length: 30 }, (_, index) => today.minus({ days: 29 - index }).toISODate()!)
    )
    // Either side of today's midnight in Tokyo (15:00 UTC the day before): one today, one yesterday.
    const justAfter = await insertMigration('DEMO-1003', {
      created_at: at(today.plus({ minutes: 1 })),
      status: 'completed',
      completed_at: at(today.plus({ minutes: 2 })),
      currency: 'EUR',
      total_amount: 1000,
      total_amount_usd: 1100,
    })
    await insertMigration('DEMO-1005', {
      created_at: at(today.minus({ minutes: 1 })),
      status: 'completed_with_warnings',
      completed_at: at(today.minus({ seconds: 30 })),
    })
    await insertMigration('DEMO-1005', {
      created_at: at(today.minus({ days: 5 }).plus({ hours: 10 })),
      status: 'failed',
    })
    // Outside the window (31 days ago) and a completion of a migration that is no longer completed.
    await insertMigration('DEMO-1003', {
      created_at: at(today.minus({ days: 31 })),
      status: 'processing',
      completed_at: at(today.minus({ days: 3 })),
    })
    await insertPayment(justAfter, { amount: 250, currency: 'EUR' })
    await insertPayment(justAfter, { amount: 100, currency: 'EUR', paid: false, status: 'open' })
    const other = await insertMigration('DEMO-1003', {
      currency: 'GBP',
      total_amount: 790,
      total_amount_usd: 1000,
      status: 'pending',
    })
    await insertPayment(other, { amount: 79, currency: 'GBP' })

    const response = await client.get('/api/admin/dashboard-charts').asAdmin(admin)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.timezone, ZONE)
    assert.lengthOf(body.days, 30)
    assert.equal(body.days[29].date, today.toISODate())
    assert.equal(body.days[0].date, today.minus({ days: 29 }).toISODate())

    const plain = await plainCharts(body.days.map((day: { date: string }) => day.date))
    assert.deepEqual(body.days, plain.days)
    assert.deepEqual(body.revenueByCurrency, plain.revenueByCurrency)
    // The day boundary itself: today holds the migration started a minute after midnight (plus the
    // two created now), yesterday the one a minute before; each completed on its own side.
    const [yesterday, todayRow] = body.days.slice(28)
    const [seededYesterday, seededToday] = seeded.days.slice(28)
    assert.equal(yesterday.completed - seededYesterday.completed, 1)
    assert.equal(todayRow.completed - seededToday.completed, 1)
    assert.equal(yesterday.started - seededYesterday.started, 1)
    // Added to the demo's revenue: EUR 250 paid at 1100 USD per 1000 EUR = 275 USD; the open 100 EUR
    // is not revenue; GBP 79 → 100 USD.
    const added = (currency: string) => {
      const now = body.revenueByCurrency.find(
        (row: { currency: string }) => row.currency === currency
      )
      const was = before.revenueByCurrency.find(
        (row: { currency: string }) => row.currency === currency
      ) ?? { amount: 0, amountUsd: 0 }
      return {
        amount: Math.round((now.amount - was.amount) * 100) / 100,
        amountUsd: Math.round((now.amountUsd - was.amountUsd) * 100) / 100,
      }
    }
    assert.deepEqual(added('EUR'), { amount: 250, amountUsd: 275 })
    assert.deepEqual(added('GBP'), { amount: 79, amountUsd: 100 })

    const statusCounts = Object.fromEntries(
      body.statuses.map((row: { status: string; count: number }) => [row.status, row.count])
    )
    for (const status of [
      'pending',
      'processing',
      'completed',
      'completed_with_warnings',
      'failed',
    ]) {
      const expected = Number(
        (await db.from('migrations').where('status', status).count('* as total').first()).total
      )
      assert.equal(statusCounts[status], expected, status)
    }
  })

  test('a 7-day window answers 7 days ending today', async ({ client, assert }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const body = (await client.get('/api/admin/dashboard-charts?days=7').asAdmin(admin)).body()
    assert.lengthOf(body.days, 7)
    assert.equal(body.days[6].date, DateTime.now().setZone(body.timezone).toISODate())
  })
})
