import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'

test.group('Dashboard stats', (group) => {
  isolateEachTest(group)

  test('without an admin session the call is refused with the Admin message', async ({ client }) => {
    const response = await client.get('/api/admin/dashboard-stats')
    response.assertStatus(401)
    response.assertBody({ success: false, error: 'Admin authentication required' })
  })

  test('every figure matches the hand-computed values of the known data set', async ({ client, assert }) => {
    await seedBackofficeData()
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client.get('/api/admin/dashboard-stats').asAdmin(admin)
    response.assertStatus(200)
    const body = response.body()
    // 5 migrations: demo (completed 20 days ago), A completed today, B failed, C pending, E failed.
    assert.deepEqual(body.migrations, { total: 5, completed: 2, pending: 1, failed: 2, completedToday: 1 })
    // 10 demo members, 5 principals; unmigrated: DEMO-1003 and DEMO-1005 (1001 and 1002 migrated, 1004 disabled product).
    assert.deepEqual(body.members, { total: 10, principals: 5, unmigrated: 2, withDisabledProducts: 1 })
    assert.deepEqual(body.products, { disabled: 1 })
    // Monthly: A 100 USD + C 790 GBP/year = 1000 USD / 12 = 83.33; total: A 2 x 100 + B 230 EUR = 250 USD.
    assert.deepEqual(body.subscriptions, { active: 2, canceled: 1, earlyCancellations: 1, monthlyRevenue: 183.33, totalRevenue: 450 })
    assert.deepEqual(
      body.recentMigrations.map((row: any) => row.migration_reference),
      // The demo migration was created when the test database was seeded, just before A.
      ['MIG-T-A', 'MIG-DEMO-0001', 'MIG-T-C', 'MIG-T-B', 'MIG-T-E']
    )
    assert.equal(body.recentMigrations[0].insured_full_name, 'Anna Schmidt')
    assert.equal(body.recentMigrations[0].total_amount, 1200)
  })

  test('an empty platform answers zeros, not nulls', async ({ client, assert }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const body = (await client.get('/api/admin/dashboard-stats').asAdmin(admin)).body()
    assert.deepEqual(body.subscriptions, { active: 0, canceled: 0, earlyCancellations: 0, monthlyRevenue: 0, totalRevenue: 0 })
    assert.equal(body.migrations.total, 1)
  })
})
