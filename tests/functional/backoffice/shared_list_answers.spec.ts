import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { statementsDuring } from '#tests/helpers/statement_log'
import { AdminUser } from '#modules/admins/index'

/**
 * Under 50 administrators the Members figures (a count over the whole table), a Members
 * page, the Subscriptions figures, the 10,000-row Unmigrated Users list and the audit log's page were
 * computed once per request. Admins asking together now share one computation (readCache), dropped by any write.
 */
const SHARED_CALLS = [
  '/api/admin/members?page=1&limit=50',
  '/api/admin/members-stats',
  '/api/admin/subscriptions/stats',
  '/api/admin/unmigrated-users?search=&limit=10000',
  // Found at p50 157–170 ms under 50 admins on 2026-11-28 (a 50-row page computed per request).
  '/api/admin/audit-log?page=1&limit=50',
]

/** Any write of this process drops every shared answer: the next call computes again. */
const anyWrite = () =>
  db.from('products').where('product_name', '__none__').update({ disabled: true })

test.group('Back-office answers shared by admins asking together', (group) => {
  isolateEachTest(group)

  for (const url of SHARED_CALLS) {
    test(`20 admins asking at once for ${url} cost one computation`, async ({ client, assert }) => {
      const admin = await AdminUser.findByOrFail('username', 'admin')
      const get = async () => {
        const response = await client.get(url).asAdmin(admin)
        response.assertStatus(200)
        return response.body()
      }
      await get() // the session's own first-request bookkeeping out of the way
      await anyWrite()
      let cold: unknown
      const alone = (await statementsDuring(async () => (cold = await get()))).length
      // Right after, the answer is served from memory: only the request's own session statements.
      const served = (await statementsDuring(get)).length
      assert.isBelow(served, alone)
      await anyWrite()
      const together = await statementsDuring(() => Promise.all(Array.from({ length: 20 }, get)))
      assert.equal(together.length, alone + 19 * served, together.join('\n'))
      assert.deepEqual(await get(), cold)
    })
  }

  test('a write shows in the next answer', async ({ client, assert }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const stats = async () =>
      (await client.get('/api/admin/members-stats').asAdmin(admin)).body().stats.total_members
    const before = await stats()
    await db.table('members').insert({
      member_id: 'SHARED-1',
      insured_full_name: 'Shared Answer',
      date_of_birth: '1980-01-01',
      insured_role: 'Principal',
      status: 'Active',
      created_at: new Date(),
      updated_at: new Date(),
    })
    assert.equal(await stats(), before + 1)
  })
})
