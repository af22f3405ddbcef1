import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { recordAudit } from '#modules/audit/index'

/** Four entries on fixed days, oldest first. */
async function seedEntries() {
  const rows = [
    {
      at: '2026-03-01 10:00:00',
      actor: 'alice',
      action: 'member.update',
      entity_type: 'member',
      entity_id: '7',
    },
    {
      at: '2026-03-02 11:00:00',
      actor: 'bob',
      action: 'product.update',
      entity_type: 'product',
      entity_id: '3',
    },
    {
      at: '2026-03-03 12:00:00',
      actor: 'alice',
      action: 'member.delete',
      entity_type: 'member',
      entity_id: '8',
    },
    {
      at: '2026-03-04 13:00:00',
      actor: 'cli:ops',
      action: 'member.update',
      entity_type: 'member',
      entity_id: '7',
    },
  ]
  for (const row of rows)
    await db
      .table('audit_entries')
      .insert({ ...row, before: JSON.stringify({ a: 1 }), after: JSON.stringify({ a: 2 }) })
}

const list = async (client: any, qs: Record<string, unknown>) =>
  (
    await client
      .get('/api/admin/audit-log')
      .qs(qs)
      .asAdmin(await demoAdmin())
  ).body()
const actions = (body: any) =>
  body.entries.map((entry: any) => `${entry.actor} ${entry.action} ${entry.entityId}`)

test.group('Audit log API', (group) => {
  isolateEachTest(group)

  test('newest first, with the documented shape', async ({ client, assert }) => {
    await seedEntries()
    const body = await list(client, {})
    assert.isTrue(body.success)
    assert.equal(body.total, 4)
    assert.deepEqual(body.entries[0], {
      id: body.entries[0].id,
      at: '2026-03-04T13:00:00.000Z',
      actor: 'cli:ops',
      action: 'member.update',
      entityType: 'member',
      entityId: '7',
      before: { a: 1 },
      after: { a: 2 },
    })
    assert.deepEqual(actions(body), [
      'cli:ops member.update 7',
      'alice member.delete 8',
      'bob product.update 3',
      'alice member.update 7',
    ])
  })

  test('filters by entity, actor, action and days; pages', async ({ client, assert }) => {
    await seedEntries()
    assert.deepEqual(actions(await list(client, { entityType: 'member', entityId: '7' })), [
      'cli:ops member.update 7',
      'alice member.update 7',
    ])
    assert.deepEqual(actions(await list(client, { actor: 'alice' })), [
      'alice member.delete 8',
      'alice member.update 7',
    ])
    assert.deepEqual(actions(await list(client, { action: 'product.update' })), [
      'bob product.update 3',
    ])
    assert.deepEqual(actions(await list(client, { from: '2026-03-02', to: '2026-03-03' })), [
      'alice member.delete 8',
      'bob product.update 3',
    ])
    assert.deepEqual(actions(await list(client, { entityType: '', actor: '' })).length, 4)
    const page2 = await list(client, { limit: 3, page: 2 })
    assert.equal(page2.total, 4)
    assert.deepEqual(actions(page2), ['alice member.update 7'])
  })

  test('bad filters are a 422, and only admins read it', async ({ client, assert }) => {
    const admin = await demoAdmin()
    for (const qs of [{ from: '03/01/2026' }, { limit: 0 }, { limit: 501 }, { page: 'x' }]) {
      const response = await client.get('/api/admin/audit-log').qs(qs).asAdmin(admin)
      response.assertStatus(422)
      assert.isFalse(response.body().success)
      assert.isString(response.body().error)
    }
    ;(await client.get('/api/admin/audit-log')).assertStatus(401)
  })

  test('no route changes or deletes an entry', async ({ client, assert }) => {
    await seedEntries()
    const admin = await demoAdmin()
    const [first] = await db.from('audit_entries').orderBy('id')
    for (const method of ['put', 'patch', 'delete', 'post'] as const) {
      for (const url of ['/api/admin/audit-log', `/api/admin/audit-log/${first.id}`]) {
        const response = await (client as any)
          [method](url)
          .json({ actor: 'mallory' })
          .asAdmin(admin)
          .withCsrfToken()
        assert.include([404, 405], response.status(), `${method} ${url}`)
      }
    }
    assert.equal(Number((await db.from('audit_entries').count('* as n').first()).n), 4)
    assert.equal((await db.from('audit_entries').where('id', first.id).first()).actor, 'alice')
  })

  test('the clean-up keeps the entries and records itself', async ({ client, assert }) => {
    await db.transaction((trx) =>
      recordAudit(trx, {
        actor: 'alice',
        action: 'member.update',
        entityType: 'member',
        entityId: 1,
        before: { a: 1 },
        after: { a: 2 },
      })
    )
    const response = await client
      .post('/api/admin/data/clean')
      .json({ confirmation: 'DELETE ALL DATA' })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    const rows = await db.from('audit_entries').orderBy('id')
    assert.deepEqual(
      rows.map((row) => row.action),
      ['member.update', 'data.clean']
    )
    assert.equal(rows[1].actor, 'admin')
    assert.containsSubset(JSON.parse(rows[1].before), {
      members: response.body().deletedCounts.members,
    })
  })
})
