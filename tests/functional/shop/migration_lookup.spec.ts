import { test } from '@japa/runner'
import { Member } from '#modules/members/index'
import { isolateEachTest } from '#tests/helpers/database'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'

/** GET /api/migration/:id (the success screen): a member reads only their own migrations. */
test.group('Migration lookup', (group) => {
  isolateEachTest(group)

  test('the signed-in principal reads their own migration', async ({ client }) => {
    const { migration, principal } = await createPendingMigration()
    const response = await client.get(`/api/migration/${migration.id}`).asMember(principal)
    response.assertStatus(200)
    response.assertBody({
      success: true,
      migration: {
        migrationId: migration.id,
        migrationReference: migration.migration_reference,
        status: 'pending',
        paymentStatus: 'pending',
        currency: 'EUR',
        totalAmount: 4316.64,
        paymentFrequency: 'one-time',
      },
    })
  })

  test("another family's migration is a 404, as is an unknown id", async ({ client }) => {
    const { migration } = await createPendingMigration()
    const other = await Member.findByOrFail('member_id', 'DEMO-1005')
    const foreign = await client.get(`/api/migration/${migration.id}`).asMember(other)
    foreign.assertStatus(404)
    foreign.assertBodyContains({ success: false, error: 'Migration not found' })
    ;(await client.get('/api/migration/999999').asMember(other)).assertStatus(404)
  })

  test('a non-numeric id is a 422', async ({ client }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    ;(await client.get('/api/migration/abc').asMember(member)).assertStatus(422)
  })
})
