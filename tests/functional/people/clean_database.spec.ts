import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'

test.group('Database statistics and clean-up', (group) => {
  isolateEachTest(group)

  test('the statistics count members, migrations, subscriptions and products', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/api/admin/data/stats')
      .asAdmin(await AdminUser.findByOrFail('username', 'admin'))
    response.assertStatus(200)
    const members = Number((await db.from('members').count('* as n').first()).n)
    const products = Number((await db.from('products').count('* as n').first()).n)
    assert.deepEqual(response.body().stats, { members, migrations: 1, subscriptions: 0, products })
  })

  test('a wrong phrase is refused and deletes nothing', async ({ client, assert }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    for (const confirmation of ['delete all data', 'DELETE ALL DATA ', '', undefined]) {
      const response = await client
        .post('/api/admin/data/clean')
        .json({ confirmation })
        .asAdmin(admin)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, 'Please type "DELETE ALL DATA" to confirm')
    }
    assert.isAbove(Number((await db.from('members').count('* as n').first()).n), 0)
  })

  test('the phrase empties members and migrations with what hangs off them, and keeps products', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const members = Number((await db.from('members').count('* as n').first()).n)
    const products = Number((await db.from('products').count('* as n').first()).n)
    const member = await db.from('members').first()
    await db.table('email_overrides').insert({
      member_id: member.id,
      override_email: 'x@example.test',
      created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
      updated_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
    })

    const response = await client
      .post('/api/admin/data/clean')
      .json({ confirmation: 'DELETE ALL DATA' })
      .asAdmin(admin)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      success: true,
      deletedCounts: { members, migrations: 1 },
      clean: { status: 'done', deletedCounts: { members, migrations: 1 }, error: null },
    })
    for (const table of [
      'members',
      'migrations',
      'migration_members',
      'migration_blocks',
      'email_overrides',
      'migration_tokens',
      'subscriptions',
      'payments',
      'installments',
    ]) {
      assert.equal(Number((await db.from(table).count('* as n').first()).n), 0, table)
    }
    assert.equal(Number((await db.from('products').count('* as n').first()).n), products)
    assert.isAbove(Number((await db.from('admin_users').count('* as n').first()).n), 0)
  })

  test('queued jobs about the deleted migrations are deleted too; other jobs stay', async ({
    client,
    assert,
  }) => {
    const migration = await db.from('migrations').firstOrFail()
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
    const job = (type: string, payload: object, status = 'queued') => ({
      type,
      payload: JSON.stringify(payload),
      status,
      attempts: 0,
      max_attempts: 5,
      run_at: now,
      created_at: now,
      updated_at: now,
    })
    await db
      .table('jobs')
      .multiInsert([
        job('fulfilment.step', { migrationId: migration.id, step: 'documents' }),
        job('fulfilment.cancellation_alert', { migrationId: migration.id }, 'failed'),
        job('maintenance.other', { note: 'not about a migration' }),
      ])

    const response = await client
      .post('/api/admin/data/clean')
      .json({ confirmation: 'DELETE ALL DATA' })
      .asAdmin(await AdminUser.findByOrFail('username', 'admin'))
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(
      (await db.from('jobs').select('type')).map((row) => row.type),
      ['maintenance.other']
    )
  })
})
