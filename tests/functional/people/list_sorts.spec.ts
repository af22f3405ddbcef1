import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')
const SQL_TIME = 'yyyy-MM-dd HH:mm:ss'

/** Members with names, emails and roles in no order of their ids (some emails missing). */
async function addMembers() {
  const now = DateTime.now().toFormat(SQL_TIME)
  const names = ['Zoë Quell', 'anna Berg', 'Bruno Costa', 'Émile Durand', 'carla Diaz', 'Anna Berg']
  await db.table('members').multiInsert(
    Array.from({ length: 24 }, (_, i) => ({
      member_id: `SORT-${String((i * 7) % 24).padStart(2, '0')}`,
      insured_full_name: `${names[i % names.length]} ${String.fromCharCode(90 - i)}`,
      date_of_birth: '1990-01-01',
      insured_role: ['Principal', 'Spouse', 'Child', 'Principal'][i % 4],
      email: i % 5 === 0 ? null : `m${(i * 11) % 24}@example.test`,
      status: i % 3 === 0 ? 'Inactive' : 'Active',
      created_at: now,
      updated_at: now,
    }))
  )
}

/** The ids the database gives for the same filter and order (ties by id, in the same direction). */
async function databaseOrder(
  table: string,
  column: string,
  direction: 'asc' | 'desc',
  where: (query: any) => void = () => {}
) {
  const query = db.from(table).select('id')
  where(query)
  const rows = await query.orderBy(column, direction).orderBy('id', direction)
  return rows.map((row: { id: number | string }) => Number(row.id))
}

/** Column headers that sort on the server, and the filters beside them (issue 40 §1). */
test.group('Lists sorted and filtered on the server', (group) => {
  isolateEachTest(group)

  for (const column of ['member_id', 'insured_full_name', 'insured_role', 'email', 'status']) {
    for (const direction of ['asc', 'desc'] as const) {
      test(`members by ${column} ${direction}, every page, with and without the role filter`, async ({
        client,
        assert,
      }) => {
        await addMembers()
        const me = await admin()
        for (const role of [undefined, 'Principal']) {
          const expected = await databaseOrder('members', column, direction, (query) => {
            if (role) query.where('insured_role', role)
          })
          const got: number[] = []
          for (let page = 1; got.length < expected.length && page < 20; page++) {
            const answer = await client
              .get('/api/admin/members')
              .qs({ page, limit: 7, sort: column, direction, ...(role ? { role } : {}) })
              .asAdmin(me)
            answer.assertStatus(200)
            assert.equal(answer.body().total, expected.length)
            got.push(...answer.body().members.map((member: any) => member.id))
          }
          assert.deepEqual(got, expected, `${column} ${direction} role ${role ?? 'all'}`)
        }
      })
    }
  }

  test('members: an unknown sort column or direction is a 422; a cursor with another order too', async ({
    client,
    assert,
  }) => {
    const me = await admin()
    for (const qs of [
      { sort: 'password' },
      { sort: 'insured_full_name; drop table members' },
      { sort: 'email', direction: 'sideways' },
      { sort: 'email', after: 3 },
    ]) {
      const answer = await client.get('/api/admin/members').qs(qs).asAdmin(me)
      answer.assertStatus(422)
      assert.isString(answer.body().error)
    }
    // The default order (id, ascending) still pages by cursor.
    ;(await client.get('/api/admin/members').qs({ sort: 'id', after: 0 }).asAdmin(me)).assertStatus(
      200
    )
  })

  for (const [sort, column] of [
    ['at', 'at'],
    ['actor', 'actor'],
    ['action', 'action'],
    ['entityType', 'entity_type'],
  ] as const) {
    test(`audit log by ${sort}, both directions, with the entity filter and a date range`, async ({
      client,
      assert,
    }) => {
      const today = DateTime.utc()
      await db.table('audit_entries').multiInsert(
        Array.from({ length: 18 }, (_, i) => ({
          at: today.minus({ days: i % 6, minutes: i }).toFormat(SQL_TIME),
          actor: ['zed', 'amy', 'cli:ops', 'Bob'][i % 4],
          action: ['member.update', 'currency.update', 'admin.create'][i % 3],
          entity_type: ['member', 'currency', 'admin_user'][(i * 2) % 3],
          entity_id: String(i),
        }))
      )
      const me = await admin()
      const from = today.minus({ days: 2 }).toISODate()!
      for (const direction of ['asc', 'desc'] as const) {
        for (const filter of [{}, { entityType: 'member', from }]) {
          const expected = await databaseOrder('audit_entries', column, direction, (query) => {
            if ('entityType' in filter) {
              query.where('entity_type', 'member').where('at', '>=', `${from} 00:00:00`)
            }
          })
          const answer = await client
            .get('/api/admin/audit-log')
            .qs({ sort, direction, limit: 500, ...filter })
            .asAdmin(me)
          answer.assertStatus(200)
          assert.deepEqual(
            answer.body().entries.map((entry: any) => entry.id),
            expected,
            `${sort} ${direction} ${JSON.stringify(filter)}`
          )
        }
      }
    })
  }

  test('audit log: an unknown sort is a 422; without one it stays newest first', async ({
    client,
    assert,
  }) => {
    const me = await admin()
    ;(await client.get('/api/admin/audit-log').qs({ sort: 'before' }).asAdmin(me)).assertStatus(422)
    const answer = await client.get('/api/admin/audit-log').qs({ limit: 500 }).asAdmin(me)
    assert.deepEqual(
      answer.body().entries.map((entry: any) => entry.id),
      await databaseOrder('audit_entries', 'at', 'desc')
    )
  })

  for (const column of ['username', 'email', 'role', 'created_at']) {
    test(`admins by ${column}, both directions`, async ({ client, assert }) => {
      for (const [name, role] of [
        ['zora', 'support'],
        ['ben', 'finance'],
        ['Carl', 'operations'],
      ])
        await AdminUser.create({
          username: `sort_${name}`,
          email: `${name}@example.test`,
          password: 'sort-admin-pass-77',
          role: role as 'support',
        })
      const me = await admin()
      for (const direction of ['asc', 'desc'] as const) {
        const answer = await client
          .get('/api/admin/admin-users')
          .qs({ sort: column, direction })
          .asAdmin(me)
        answer.assertStatus(200)
        assert.deepEqual(
          answer.body().admins.map((row: any) => row.id),
          await databaseOrder('admin_users', column, direction)
        )
      }
    })
  }
})
