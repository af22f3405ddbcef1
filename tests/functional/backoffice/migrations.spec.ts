import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import {
  insertInstallments,
  insertMigration,
  seedBackofficeData,
} from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'
import { Member, MigrationBlock } from '#modules/members/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')
const references = (body: any) => body.migrations.map((row: any) => row.migration_reference)

test.group('Back-office migrations list and detail', (group) => {
  isolateEachTest(group)

  test('list and detail need an admin session', async ({ client }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    for (const url of ['/api/admin/migrations', '/api/admin/migrations/1']) {
      ;(await client.get(url)).assertStatus(401)
      const asMember = await client.get(url).asMember(member)
      asMember.assertStatus(401)
      asMember.assertBodyContains({ success: false, error: 'Admin authentication required' })
    }
  })

  test('the list is newest first with the columns of the screen', async ({ client, assert }) => {
    await seedBackofficeData()
    const response = await client.get('/api/admin/migrations').asAdmin(await admin())
    response.assertStatus(200)
    assert.deepEqual(references(response.body()), [
      'MIG-T-A',
      'MIG-DEMO-0001',
      'MIG-T-C',
      'MIG-T-B',
      'MIG-T-E',
    ])
    assert.equal(response.body().total, 5)
    const first = response.body().migrations[0]
    assert.containsSubset(first, {
      insured_full_name: 'Anna Schmidt',
      member_id_str: 'DEMO-1001',
      email: 'anna.schmidt@corp.example.com',
      total_amount: 1200,
      currency: 'USD',
      duration_days: 365,
      duration_type: '12_months',
      status: 'completed',
      payment_status: 'succeeded',
      document_status: 'generated',
      email_status: 'sent',
      api_status: 'failed',
      payment_frequency: 'monthly',
      subscription_status: 'active',
    })
    assert.match(first.created_at, /^\d{4}-\d{2}-\d{2}T/)
  })

  test('the status filter and the search by name, member ID and reference', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const as = await admin()
    const failed = await client.get('/api/admin/migrations').qs({ status: 'failed' }).asAdmin(as)
    assert.deepEqual(references(failed.body()), ['MIG-T-B', 'MIG-T-E'])
    const byName = await client.get('/api/admin/migrations').qs({ search: 'johansson' }).asAdmin(as)
    assert.deepEqual(references(byName.body()), ['MIG-T-C', 'MIG-T-E'])
    const byMemberId = await client
      .get('/api/admin/migrations')
      .qs({ search: 'DEMO-1003' })
      .asAdmin(as)
    assert.deepEqual(references(byMemberId.body()), ['MIG-T-B'])
    const byReference = await client
      .get('/api/admin/migrations')
      .qs({ search: 'MIG-DEMO', status: 'completed' })
      .asAdmin(as)
    assert.deepEqual(references(byReference.body()), ['MIG-DEMO-0001'])
    const all = await client.get('/api/admin/migrations').qs({ search: '', status: '' }).asAdmin(as)
    assert.lengthOf(all.body().migrations, 5)
    const wildcard = await client.get('/api/admin/migrations').qs({ search: '%' }).asAdmin(as)
    assert.lengthOf(wildcard.body().migrations, 0)
  })

  test('an unknown status or a malformed search is a 422, never a 500', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const badStatus = await client.get('/api/admin/migrations').qs({ status: 'lost' }).asAdmin(as)
    badStatus.assertStatus(422)
    assert.equal(badStatus.body().success, false)
    const arraySearch = await client.get('/api/admin/migrations?search[]=a&search[]=b').asAdmin(as)
    arraySearch.assertStatus(422)
    const longSearch = await client
      .get('/api/admin/migrations')
      .qs({ search: 'x'.repeat(300) })
      .asAdmin(as)
    longSearch.assertStatus(422)
  })

  test('the detail carries the migrated members, the installment plan and the subscription', async ({
    client,
    assert,
  }) => {
    const { a } = await seedBackofficeData()
    const response = await client.get(`/api/admin/migrations/${a}`).asAdmin(await admin())
    response.assertStatus(200)
    const migration = response.body().migration
    assert.containsSubset(migration, {
      id: a,
      migration_reference: 'MIG-T-A',
      insured_full_name: 'Anna Schmidt',
      member_id_str: 'DEMO-1001',
      date_of_birth: '1980-04-15',
      payment_frequency: 'monthly',
      subscription_status: 'active',
      early_cancellation_reviewed: false,
      is_blocked: false,
      product_name: 'Global Health Gold',
    })
    assert.lengthOf(migration.installment_schedule, 12)
    assert.deepEqual(migration.installment_schedule[0], {
      paymentNumber: 1,
      amount: 100,
      dueDate: migration.installment_schedule[0].dueDate,
      isReconciliation: false,
    })
    assert.deepEqual(migration.selectedMembers, [])
  })

  test('the demo migration shows its member with premium, and a blocked member is flagged', async ({
    client,
    assert,
  }) => {
    const demo = await client
      .get('/api/admin/migrations')
      .qs({ search: 'MIG-DEMO-0001' })
      .asAdmin(await admin())
    const id = demo.body().migrations[0].id
    const principal = await Member.findByOrFail('member_id', 'DEMO-1002')
    await MigrationBlock.create({
      member_id: principal.id,
      reason: 'test',
      blocked_by: 'admin',
      active: true,
    })
    const migration = (
      await client.get(`/api/admin/migrations/${id}`).asAdmin(await admin())
    ).body().migration
    assert.isTrue(migration.is_blocked)
    assert.equal(migration.completed_at !== null, true)
    assert.deepEqual(
      migration.selectedMembers.map((m: any) => [
        m.insured_full_name,
        m.insured_role,
        m.member_id,
        m.final_premium,
        m.premium_currency,
        m.dhig_person_id,
      ]),
      [['Carlos Rivera', 'Principal', 'DEMO-1002', 2600, 'EUR', null]]
    )
  })

  test('an unknown or malformed id is a 404 or 422', async ({ client }) => {
    const as = await admin()
    const missing = await client.get('/api/admin/migrations/999999').asAdmin(as)
    missing.assertStatus(404)
    missing.assertBodyContains({ success: false, error: 'Migration not found' })
    ;(await client.get('/api/admin/migrations/abc').asAdmin(as)).assertStatus(422)
    ;(await client.get('/api/admin/migrations/99999999999999').asAdmin(as)).assertStatus(422)
  })

  test('a one-time migration has no schedule rows but keeps its installments when present', async ({
    client,
    assert,
  }) => {
    const id = await insertMigration('DEMO-1001', {
      migration_reference: 'MIG-T-Q',
      payment_frequency: 'quarterly',
      total_amount: 1000,
      subscription_amount: 250,
    })
    await insertInstallments(id, [250, 250, 250, 250], 3)
    const migration = (
      await client.get(`/api/admin/migrations/${id}`).asAdmin(await admin())
    ).body().migration
    assert.deepEqual(
      migration.installment_schedule.map((row: any) => row.amount),
      [250, 250, 250, 250]
    )
    assert.isNull(migration.subscription_status)
  })

  test('a limited page holds the newest matches, with their subscription, and the total counts every match', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const as = await admin()
    // Same creation second for two rows: the newer id comes first.
    const sameSecond = DateTime.utc().minus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss')
    await insertMigration('DEMO-1001', {
      migration_reference: 'MIG-T-P1',
      status: 'failed',
      created_at: sameSecond,
    })
    await insertMigration('DEMO-1001', {
      migration_reference: 'MIG-T-P2',
      status: 'failed',
      created_at: sameSecond,
    })
    const page = await client
      .get('/api/admin/migrations')
      .qs({ status: 'failed', limit: 3 })
      .asAdmin(as)
    assert.deepEqual(references(page.body()), ['MIG-T-P2', 'MIG-T-P1', 'MIG-T-B'])
    assert.equal(page.body().total, 4)
    assert.equal(page.body().migrations[2].subscription_status, 'canceled')
    const searched = await client
      .get('/api/admin/migrations')
      .qs({ search: 'MIG-T-', limit: 2 })
      .asAdmin(as)
    assert.deepEqual(references(searched.body()), ['MIG-T-A', 'MIG-T-P2'])
    assert.equal(searched.body().total, 6)
  })

  test('the server sorts by each sortable column before it takes the page, as the database orders them; an unknown column is a 422', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const as = await admin()
    const sorts = [
      ['migration_reference', 'migration_reference'],
      ['insured_full_name', 'insured_full_name'],
      ['total_amount', 'total_amount_usd'],
      ['duration_days', 'duration_days'],
      ['status', 'status'],
      ['created_at', 'created_at'],
    ] as const
    for (const [sort, column] of sorts)
      for (const direction of ['asc', 'desc'] as const) {
        const expected = await db
          .from('migrations')
          .orderBy(column, direction)
          .orderBy('id', direction)
          .limit(3)
          .select('migration_reference')
        const page = await client
          .get('/api/admin/migrations')
          .qs({ sort, direction, limit: 3 })
          .asAdmin(as)
        page.assertStatus(200)
        assert.deepEqual(
          references(page.body()),
          expected.map((row) => row.migration_reference),
          `${sort} ${direction}`
        )
        assert.equal(page.body().total, 5)
      }
    // The sort applies before the limit: the last reference comes first, whatever its date.
    const last = await client
      .get('/api/admin/migrations')
      .qs({ sort: 'migration_reference', direction: 'desc', limit: 1 })
      .asAdmin(as)
    assert.deepEqual(references(last.body()), ['MIG-T-E'])
    const unknown = await client
      .get('/api/admin/migrations')
      .qs({ sort: 'password', direction: 'asc' })
      .asAdmin(as)
    unknown.assertStatus(422)
    assert.equal(unknown.body().errors[0].field, 'sort')
  })
})
