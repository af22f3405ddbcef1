import { test } from '@japa/runner'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Document, createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'

const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'EUR' }

/** DEMO-1001 pays a quarterly EUR plan through the sandbox; the worker issues the documents. */
async function paidMigration(client: any) {
  const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
  const created = await client.post('/api/migration/create').json({ memberIds: [principal.id], ...SELECTION }).asMember(principal).withCsrfToken()
  created.assertStatus(200)
  ;(await client.post(`/api/migration/${created.body().migrationId}/sandbox-confirm`).asMember(principal).withCsrfToken()).assertStatus(200)
  await createFulfilmentWorker().drain()
  return { principal, migration: await Migration.findOrFail(created.body().migrationId) }
}

test.group('Member area API (issue 13)', (group) => {
  isolateEachTest(group)

  test('a paid member reads the migration, the schedule with the first installment paid, and the documents', async ({ client, assert }) => {
    const { principal, migration } = await paidMigration(client)
    const response = await client.get('/api/member/area').asMember(principal)
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body.migration, { id: migration.id, reference: migration.migration_reference, currency: 'EUR', paymentFrequency: 'quarterly', startDate: migration.start_date.toISODate(), endDate: migration.end_date.toISODate() })
    assert.deepEqual(body.migration.members.map((member: any) => member.memberId), ['DEMO-1001'])
    assert.deepEqual(body.schedule.map((row: any) => row.status), ['paid', 'due', 'due', 'due'])
    assert.equal(body.schedule[0].amount, migration.subscription_amount)
    const documents = await Document.query().where('migration_id', migration.id)
    assert.deepEqual(body.documents.map((document: any) => document.id), documents.map((document) => document.id))
  })

  test('a document downloads as application/pdf for its member only; another member gets 404', async ({ client, assert }) => {
    const { principal, migration } = await paidMigration(client)
    const document = await Document.query().where('migration_id', migration.id).firstOrFail()
    const own = await client.get(`/api/member/documents/${document.id}`).asMember(principal)
    own.assertStatus(200)
    assert.equal(own.header('content-type'), 'application/pdf')
    assert.include(own.header('content-disposition'), 'attachment')

    const other = await Member.findByOrFail('member_id', 'DEMO-1002')
    const foreign = await client.get(`/api/member/documents/${document.id}`).asMember(other)
    foreign.assertStatus(404)
    assert.deepEqual(foreign.body(), { success: false, error: 'Document not found' })
    ;(await client.get('/api/member/documents/999999').asMember(principal)).assertStatus(404)
    ;(await client.get('/api/member/documents/abc').asMember(principal)).assertStatus(422)
    ;(await client.get(`/api/member/documents/${document.id}`)).assertStatus(401)
  })

  test('a member with nothing paid has an empty area', async ({ client, assert }) => {
    const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client.get('/api/member/area').asMember(principal)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { success: true, migration: null, schedule: [], documents: [] })
  })
})
