import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'
import { dashboardService } from '#modules/backoffice/index'
import { readCache } from '#modules/shared/index'
import db from '@adonisjs/lucid/services/db'

/** The dashboard's migration and member figures counted the plain way, row by row. */
async function plainCounts() {
  const countOf = async (query: any) => Number((await query.count('* as total').first()).total)
  return {
    migrations: await countOf(db.from('migrations')),
    failed: await countOf(db.from('migrations').where('status', 'failed')),
    members: await countOf(db.from('members')),
    principals: await countOf(db.from('members').where('insured_role', 'Principal')),
  }
}

/** Statements sent to the database while `work` runs (knex's query event on the default connection). */
async function statementsDuring(work: () => Promise<unknown>) {
  const client = db.connection().getWriteClient()
  let statements = 0
  const listener = () => statements++
  client.on('query', listener)
  try {
    await work()
  } finally {
    client.off('query', listener)
  }
  return statements
}

test.group('Dashboard stats', (group) => {
  isolateEachTest(group)

  test('without an admin session the call is refused with the Admin message', async ({
    client,
  }) => {
    const response = await client.get('/api/admin/dashboard-stats')
    response.assertStatus(401)
    response.assertBodyContains({ success: false, error: 'Admin authentication required' })
  })

  test('every figure matches the hand-computed values of the known data set', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client.get('/api/admin/dashboard-stats').asAdmin(admin)
    response.assertStatus(200)
    const body = response.body()
    // 5 migrations: demo (bought through the services when the suite seeded: completed today), A completed today, B failed, C pending, E failed.
    assert.deepEqual(body.migrations, {
      total: 5,
      completed: 2,
      pending: 1,
      failed: 2,
      completedToday: 2,
    })
    // 10 demo members, 5 principals; unmigrated: DEMO-1003 and DEMO-1005 (1001 and 1002 migrated, 1004 disabled product).
    assert.deepEqual(body.members, {
      total: 10,
      principals: 5,
      unmigrated: 2,
      withDisabledProducts: 1,
    })
    assert.deepEqual(body.products, { disabled: 1 })
    // Monthly: A 100 USD + C 790 GBP/year = 1000 USD / 12 = 83.33; total: the demo's EUR 2652 (EUR 2600 of premium, 2 % surcharge) = USD 2826.09, A 2 x 100 + B 230 EUR = 250 USD.
    assert.deepEqual(body.subscriptions, {
      active: 2,
      canceled: 1,
      earlyCancellations: 1,
      monthlyRevenue: 183.33,
      totalRevenue: 3276.09,
      // As paid: the demo's EUR 2652 + B's EUR 230; A's 2 x USD 100.
      totalRevenueByCurrency: [
        { currency: 'EUR', amount: 2882 },
        { currency: 'USD', amount: 200 },
      ],
    })
    assert.deepEqual(
      body.recentMigrations.map((row: any) => row.migration_reference),
      // A now, the demo when the suite seeded, C, B and E one, two and three days ago.
      ['MIG-T-A', 'MIG-DEMO-0001', 'MIG-T-C', 'MIG-T-B', 'MIG-T-E']
    )
    assert.equal(body.recentMigrations[0].insured_full_name, 'Anna Schmidt')
    assert.equal(body.recentMigrations[0].total_amount, 1200)
  })

  test('a platform without subscriptions answers zeros, not nulls', async ({ client, assert }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const body = (await client.get('/api/admin/dashboard-stats').asAdmin(admin)).body()
    // Only the demo's one-time payment (EUR 2652 = USD 2826.09) is revenue.
    assert.deepEqual(body.subscriptions, {
      active: 0,
      canceled: 0,
      earlyCancellations: 0,
      monthlyRevenue: 0,
      totalRevenue: 2826.09,
      totalRevenueByCurrency: [{ currency: 'EUR', amount: 2652 }],
    })
    assert.equal(body.migrations.total, 1)
  })

  test('the shared figures follow every write: equal to plain counts after inserts through the product', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const before = (await client.get('/api/admin/dashboard-stats').asAdmin(admin)).body()
    assert.equal(before.members.total, (await plainCounts()).members)

    // Within the cache's lifetime: a member created through the back-office API, migrations inserted by the models.
    const created = await client
      .post('/api/admin/members')
      .json({
        member_id: 'NEW-1',
        insured_full_name: 'New Principal',
        date_of_birth: '1985-02-03',
        insured_role: 'Principal',
      })
      .asAdmin(admin)
      .withCsrfToken()
    created.assertStatus(201)
    await seedBackofficeData()

    const after = (await client.get('/api/admin/dashboard-stats').asAdmin(admin)).body()
    const plain = await plainCounts()
    assert.equal(after.members.total, plain.members)
    assert.equal(after.members.principals, plain.principals)
    assert.equal(after.migrations.total, plain.migrations)
    assert.equal(after.migrations.failed, plain.failed)
    assert.equal(after.members.total, before.members.total + 1)
    assert.equal(after.migrations.total, before.migrations.total + 4)
  })

  test('admins asking together share one computation, and the answer is reused until a write', async ({
    assert,
  }) => {
    // Reference data (settings) held in memory as on a running server: only the answer is computed again.
    await dashboardService.stats()
    await db.from('products').where('product_name', '__none__').update({ disabled: true }) // any write: start cold
    const one = await statementsDuring(() => dashboardService.stats())
    assert.isAbove(one, 5)
    await db.from('products').where('product_name', '__none__').update({ disabled: true })
    const together = await statementsDuring(() =>
      Promise.all(Array.from({ length: 20 }, () => dashboardService.stats()))
    )
    assert.equal(together, one)
    assert.equal(await statementsDuring(() => dashboardService.stats()), 0)
    // The session store's touch on every signed-in request and the limiter's counters are not data.
    await db.from('sessions').where('id', 'no-such-session').update({ expires_at: new Date() })
    await db.from('rate_limits').where('key', 'no-such-key').delete()
    assert.equal(await statementsDuring(() => dashboardService.stats()), 0)
    // Work done on other connections (a worker thread) ends by dropping the answers explicitly.
    readCache.invalidate()
    assert.equal(await statementsDuring(() => dashboardService.stats()), one)
  })
})
