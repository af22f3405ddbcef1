import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { insertMigration } from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')
const references = (body: any) => body.migrations.map((row: any) => row.migration_reference).sort()
const day = (days: number) => DateTime.utc().startOf('day').plus({ days }).toISODate()
const PAID = { status: 'completed', payment_status: 'succeeded' }

/** The migrations list's Term filter (docs/backoffice.md): renewal_due and lapsed; anything else is a 422. */
test.group('Back-office migrations list: the Term filter', (group) => {
  isolateEachTest(group)

  test('renewal_due lists paid terms ending within RENEWAL_INVITATION_DAYS and not renewed; lapsed lists expired ones', async ({
    client,
    assert,
  }) => {
    await insertMigration('DEMO-1001', {
      ...PAID,
      migration_reference: 'MIG-T-DUE',
      end_date: day(30),
    })
    await insertMigration('DEMO-1001', {
      ...PAID,
      migration_reference: 'MIG-T-LATER',
      end_date: day(31),
    })
    await insertMigration('DEMO-1001', {
      ...PAID,
      migration_reference: 'MIG-T-ENDS',
      end_date: day(0),
    })
    await insertMigration('DEMO-1001', {
      status: 'pending',
      migration_reference: 'MIG-T-UNPAID',
      end_date: day(10),
    })
    const renewed = await insertMigration('DEMO-1001', {
      ...PAID,
      migration_reference: 'MIG-T-RENEWED',
      end_date: day(5),
    })
    await insertMigration('DEMO-1001', {
      ...PAID,
      migration_reference: 'MIG-T-RENEWAL',
      renewed_from_migration_id: renewed,
      start_date: day(5),
      end_date: day(370),
    })
    await insertMigration('DEMO-1001', {
      ...PAID,
      status: 'expired',
      migration_reference: 'MIG-T-EXPIRED',
      end_date: day(-1),
    })
    const as = await admin()
    const due = await client.get('/api/admin/migrations').qs({ term: 'renewal_due' }).asAdmin(as)
    due.assertStatus(200)
    assert.deepEqual(references(due.body()), ['MIG-T-DUE'])
    assert.equal(due.body().total, 1)
    const lapsed = await client.get('/api/admin/migrations').qs({ term: 'lapsed' }).asAdmin(as)
    lapsed.assertStatus(200)
    assert.deepEqual(references(lapsed.body()), ['MIG-T-EXPIRED'])
    assert.equal(lapsed.body().total, 1)
    const all = await client.get('/api/admin/migrations').qs({ term: 'all' }).asAdmin(as)
    assert.include(references(all.body()), 'MIG-T-LATER')
  })

  test('an unknown term is a 422 naming the field, never a 500', async ({ client, assert }) => {
    const as = await admin()
    for (const term of ['expired', 'RENEWAL_DUE']) {
      const response = await client.get('/api/admin/migrations').qs({ term }).asAdmin(as)
      response.assertStatus(422)
      assert.equal(response.body().success, false)
      assert.match(JSON.stringify(response.body()), /term/)
    }
    const array = await client
      .get('/api/admin/migrations?term[]=lapsed&term[]=renewal_due')
      .asAdmin(as)
    array.assertStatus(422)
  })
})
