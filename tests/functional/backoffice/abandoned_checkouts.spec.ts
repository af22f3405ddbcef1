import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import {
  insertMigration,
  insertPayment,
  insertSubscription,
  seedBackofficeData,
} from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')
const SQL = 'yyyy-MM-dd HH:mm:ss'

/**
 * Two checkouts that never started, as the product leaves them: a monthly plan withdrawn when the
 * member started a newer checkout (subscription canceled without a cancelled-at date, its first
 * invoice open and dated creation–creation), and a one-time card payment that was declined.
 */
async function seedAbandonedCheckouts() {
  const created = DateTime.utc().minus({ hours: 2 })
  const withdrawn = await insertMigration('DEMO-1005', {
    migration_reference: 'MIG-T-W',
    status: 'failed',
    payment_status: 'cancelled',
    failure_reason: 'Superseded by MIG-T-C',
    total_amount: 600,
    total_amount_usd: 600,
    subscription_amount: 50,
    number_of_payments: 12,
    payment_frequency: 'monthly',
  })
  const subW = await insertSubscription(withdrawn, {
    status: 'canceled',
    cancelled_at: null,
    current_period_end: created.toFormat(SQL),
    ends_on: created.plus({ months: 12 }).toISODate(),
  })
  await insertPayment(withdrawn, {
    subscription_id: subW,
    amount: 50,
    status: 'open',
    paid: false,
    period_start: created.toFormat(SQL),
    period_end: created.toFormat(SQL),
  })
  const declined = await insertMigration('DEMO-1003', {
    migration_reference: 'MIG-T-D',
    status: 'failed',
    payment_status: 'failed',
  })
  return { withdrawn, subW, declined }
}

test.group('Back-office: a checkout that never started', (group) => {
  isolateEachTest(group)

  test('the subscriptions list marks it never started, with no period and no remaining days; its invoice has no period', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const { subW } = await seedAbandonedCheckouts()
    const as = await admin()
    const rows = (await client.get('/api/admin/subscriptions').asAdmin(as)).body().subscriptions
    const withdrawn = rows.find((row: any) => row.migration_reference === 'MIG-T-W')
    assert.containsSubset(withdrawn, {
      status: 'canceled',
      never_started: true,
      current_period_end: null,
      remaining_days: null,
      cancelled_at: null,
    })
    // Subscriptions that ran keep their state: an early cancellation is not "never started".
    const early = rows.find((row: any) => row.migration_reference === 'MIG-T-B')
    assert.containsSubset(early, { status: 'canceled', never_started: false, remaining_days: 30 })
    assert.isFalse(rows.find((row: any) => row.migration_reference === 'MIG-T-A').never_started)

    const payments = (
      await client.get(`/api/admin/subscriptions/${subW}/payments`).asAdmin(as)
    ).body().payments
    assert.lengthOf(payments, 1)
    assert.containsSubset(payments[0], {
      status: 'open',
      paid: false,
      period_start: null,
      period_end: null,
    })

    // Not an early cancellation, and the stats' contract values leave it out.
    const early2 = (
      await client.get('/api/admin/subscriptions/early-cancellations').asAdmin(as)
    ).body().earlyCancellations
    assert.deepEqual(
      early2.map((row: any) => row.migration_reference),
      ['MIG-T-B']
    )
    const stats = (await client.get('/api/admin/subscriptions/stats').asAdmin(as)).body().stats
    assert.containsSubset(stats, { active_total_value: 2200, early_cancellation_value: 1000 })
  })

  test('the dashboard counts neither a failed migration nor a cancelled subscription for an abandoned checkout', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const as = await admin()
    const before = (await client.get('/api/admin/dashboard-stats').asAdmin(as)).body()
    await seedAbandonedCheckouts()
    const after = (await client.get('/api/admin/dashboard-stats').asAdmin(as)).body()
    assert.equal(
      after.migrations.total,
      before.migrations.total + 2,
      'they are migrations (checkouts) all the same'
    )
    assert.equal(after.migrations.failed, before.migrations.failed, 'not failed migrations')
    assert.equal(
      after.subscriptions.canceled,
      before.subscriptions.canceled,
      'not cancelled subscriptions'
    )
    assert.equal(after.subscriptions.totalRevenue, before.subscriptions.totalRevenue)
  })

  test('a failed migration whose payment was taken still counts as failed', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const before = (await client.get('/api/admin/dashboard-stats').asAdmin(as)).body()
    const paid = await insertMigration('DEMO-1005', {
      status: 'failed',
      payment_status: 'succeeded',
      api_status: 'failed',
    })
    await insertPayment(paid, { amount: 1200 })
    const after = (await client.get('/api/admin/dashboard-stats').asAdmin(as)).body()
    assert.equal(after.migrations.failed, before.migrations.failed + 1)
  })

  test('the demo data is consistent: the completed migration was created before it completed and its payment is revenue', async ({
    client,
    assert,
  }) => {
    const demo = await db.from('migrations').where('migration_reference', 'MIG-DEMO-0001').first()
    const at = (value: unknown) =>
      value instanceof Date
        ? value.getTime()
        : DateTime.fromSQL(String(value), { zone: 'utc' }).toMillis()
    assert.isAtMost(at(demo.created_at), at(demo.completed_at))
    const payments = await db.from('payments').where('migration_id', demo.id)
    assert.lengthOf(payments, 1)
    assert.equal(Number(payments[0].amount), 2652)
    assert.isTrue(Boolean(Number(payments[0].paid)))
    assert.isAtMost(at(demo.created_at), at(payments[0].created))
    const body = (await client.get('/api/admin/dashboard-stats').asAdmin(await admin())).body()
    // EUR 2652 at the migration's own rate (total_amount_usd / total_amount).
    assert.equal(body.subscriptions.totalRevenue, Number(demo.total_amount_usd))
  })
})
