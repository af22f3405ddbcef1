import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'

/** An object whose String() throws: the body that once gave 500s. */
const UNPRINTABLE = { toString: 'x' }

test.group('Objects where scalars are expected', (group) => {
  isolateEachTest(group)

  test('confirm-import with an object for cacheKey is a 422 with the form text', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    for (const cacheKey of [UNPRINTABLE, {}, [1]]) {
      const response = await client
        .post('/api/admin/data/confirm-import')
        .json({ cacheKey })
        .asAdmin(admin)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(cacheKey))
      assert.equal(response.body().success, false)
      assert.equal(
        response.body().error,
        'No preview data found. Please upload and preview the file again.'
      )
    }
  })

  test('clean with an object for the confirmation is a 422 and deletes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const members = Number((await db.from('members').count('* as n').first()).n)
    for (const confirmation of [{}, UNPRINTABLE, { toString: 'DELETE ALL DATA' }]) {
      const response = await client
        .post('/api/admin/data/clean')
        .json({ confirmation })
        .asAdmin(admin)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(confirmation))
      assert.equal(response.body().error, 'Please type "DELETE ALL DATA" to confirm')
    }
    assert.equal(Number((await db.from('members').count('* as n').first()).n), members)
  })
})
