import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { insertMigration } from '#tests/helpers/backoffice_data'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { AdminUser } from '#modules/admins/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')
const SQL = 'yyyy-MM-dd HH:mm:ss'

/** The Migrations list's Created range (its sidebar, issue 40 §1): whole UTC days, applied by the server. */
test.group('Back-office migrations list: the creation days', (group) => {
  isolateEachTest(group)

  test('from/to list the migrations created on those days, in the order and rows the database gives; a bad day is a 422', async ({
    client,
    assert,
  }) => {
    const today = DateTime.utc().startOf('day')
    for (const [reference, created] of [
      ['MIG-D-OLD', today.minus({ days: 10 }).plus({ hours: 23, minutes: 59 })],
      ['MIG-D-EDGE', today.minus({ days: 6 })],
      ['MIG-D-MID', today.minus({ days: 3 }).plus({ hours: 12 })],
      ['MIG-D-LAST', today.minus({ days: 1 }).plus({ hours: 23, minutes: 59, seconds: 59 })],
    ] as const)
      await insertMigration('DEMO-1001', {
        migration_reference: reference,
        created_at: created.toFormat(SQL),
      })
    // One made by the services (the model's own timestamp): today.
    await createPaidMigration()
    const me = await admin()
    const ranges = [
      { from: today.minus({ days: 6 }).toISODate()!, to: today.minus({ days: 1 }).toISODate()! },
      { from: today.toISODate()! },
      { to: today.minus({ days: 7 }).toISODate()! },
    ]
    for (const range of ranges) {
      const query = db.from('migrations').select('id')
      if (range.from) query.where('created_at', '>=', `${range.from} 00:00:00`)
      if (range.to)
        query.where(
          'created_at',
          '<',
          `${DateTime.fromISO(range.to).plus({ days: 1 }).toISODate()} 00:00:00`
        )
      const expected = (await query.orderBy('created_at', 'desc').orderBy('id', 'desc')).map(
        (row: { id: number }) => Number(row.id)
      )
      assert.isAbove(expected.length, 0, JSON.stringify(range))
      const answer = await client.get('/api/admin/migrations').qs(range).asAdmin(me)
      answer.assertStatus(200)
      assert.deepEqual(
        answer.body().migrations.map((row: any) => row.id),
        expected,
        JSON.stringify(range)
      )
      assert.equal(answer.body().total, expected.length)
    }
    const week = await client.get('/api/admin/migrations').qs(ranges[0]).asAdmin(me)
    assert.sameMembers(
      week.body().migrations.map((row: any) => row.migration_reference),
      ['MIG-D-EDGE', 'MIG-D-MID', 'MIG-D-LAST']
    )
    for (const bad of [
      { from: '03.12.2026' },
      { to: '2026-13-45' },
      { from: "2026-01-01' or 1=1" },
    ])
      (await client.get('/api/admin/migrations').qs(bad).asAdmin(me)).assertStatus(422)
  })
})
