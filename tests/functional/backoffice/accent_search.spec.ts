import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { insertMigration } from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')

/** A principal "Jörg Müller" with a migration, for the searches. */
async function addMuller() {
  const now = DateTime.now().toFormat('yyyy-MM-dd HH:mm:ss')
  await db.table('members').insert({
    member_id: 'ACC-1',
    insured_full_name: 'Jörg Müller',
    date_of_birth: '1970-01-01',
    insured_role: 'Principal',
    status: 'Active',
    email: 'jm@example.test',
    created_at: now,
    updated_at: now,
  })
  await insertMigration('ACC-1', { migration_reference: 'MIG-ACC-1' })
}

test.group('Back-office search is accent- and case-insensitive on both databases', (group) => {
  isolateEachTest(group)

  test('"{$self}" finds Jörg Müller in members, migrations and the override member search')
    .with(['muller', 'MÜLLER', 'jorg mul'])
    .run(async ({ client, assert }, search) => {
      await addMuller()
      const members = await client
        .get('/api/admin/members')
        .qs({ search })
        .asAdmin(await admin())
      assert.deepEqual(
        members.body().members.map((m: any) => m.member_id),
        ['ACC-1']
      )
      const migrations = await client
        .get('/api/admin/migrations')
        .qs({ search })
        .asAdmin(await admin())
      assert.deepEqual(
        migrations.body().migrations.map((m: any) => m.migration_reference),
        ['MIG-ACC-1']
      )
      const overrides = await client
        .get('/api/admin/email-overrides-search-members')
        .qs({ q: search })
        .asAdmin(await admin())
      assert.deepEqual(
        overrides.body().members.map((m: any) => m.member_id),
        ['ACC-1']
      )
    })

  test('wildcards stay literal: "50%" and "a_b" match only themselves', async ({
    client,
    assert,
  }) => {
    await addMuller()
    for (const search of ['50%', 'j_rg', 'm!ller']) {
      const members = await client
        .get('/api/admin/members')
        .qs({ search })
        .asAdmin(await admin())
      assert.lengthOf(members.body().members, 0, search)
    }
  })
})
