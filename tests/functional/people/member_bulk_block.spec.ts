import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')

const activeBlocks = (ids: number[]) =>
  db.from('migration_blocks').whereIn('member_id', ids).where('active', true)

/** The Members list's bulk Block / Unblock (issue 40 §1): each member blocked and audited as a single block. */
test.group('Members bulk block', (group) => {
  isolateEachTest(group)

  test('N selected principals are blocked, each with its audit entry and the reason; a dependant is skipped; unblock lifts them', async ({
    client,
    assert,
  }) => {
    // Principals without a block (the seed blocks one).
    const principals = await Member.query()
      .where('insured_role', 'Principal')
      .whereNotIn('id', db.from('migration_blocks').where('active', true).select('member_id'))
      .orderBy('id')
    const dependant = await Member.query().whereNot('insured_role', 'Principal').firstOrFail()
    assert.isAtLeast(principals.length, 3)
    const ids = principals.map((member) => member.id)
    const me = await admin()

    const answer = await client
      .post('/api/admin/members/bulk-block')
      .json({ memberIds: [...ids, dependant.id], action: 'block', reason: 'Fraud check' })
      .asAdmin(me)
      .withCsrfToken()
    answer.assertStatus(200)
    assert.equal(answer.body().done, ids.length)
    assert.equal(answer.body().message, `Successfully blocked ${ids.length} members`)
    assert.deepEqual(answer.body().skipped, [
      {
        id: dependant.id,
        error: 'Only a principal member can be blocked: block the principal of the family',
      },
    ])
    const blocks = await activeBlocks(ids)
    assert.lengthOf(blocks, ids.length)
    assert.isTrue(blocks.every((block) => block.reason === 'Fraud check'))
    assert.lengthOf(await activeBlocks([dependant.id]), 0)
    const audited = await db
      .from('audit_entries')
      .where('action', 'member.block')
      .where('actor', me.username)
    assert.sameMembers(
      audited.map((entry) => Number(entry.entity_id)),
      ids
    )

    const listed = await client.get('/api/admin/members').qs({ limit: 200 }).asAdmin(me)
    const shown = listed.body().members.filter((member: any) => ids.includes(member.id))
    assert.isTrue(shown.every((member: any) => member.is_blocked))

    const lifted = await client
      .post('/api/admin/members/bulk-block')
      .json({ memberIds: ids, action: 'unblock' })
      .asAdmin(me)
      .withCsrfToken()
    lifted.assertStatus(200)
    assert.equal(lifted.body().done, ids.length)
    assert.lengthOf(await activeBlocks(ids), 0)
    assert.lengthOf(await db.from('audit_entries').where('action', 'member.unblock'), ids.length)
  })

  test('an empty, repeated, oversized or foreign selection is a 422; Support may not block (403)', async ({
    client,
    assert,
  }) => {
    const me = await admin()
    const blocksBefore = (await db.from('migration_blocks')).length
    for (const body of [
      { memberIds: [], action: 'block' },
      { memberIds: [1, 1], action: 'block' },
      { memberIds: Array.from({ length: 501 }, (_, i) => i + 1), action: 'block' },
      { memberIds: ['1 or 1=1'], action: 'block' },
      { memberIds: [1], action: 'erase' },
      { memberIds: [1], action: 'block', reason: 'r'.repeat(501) },
    ]) {
      const answer = await client
        .post('/api/admin/members/bulk-block')
        .json(body)
        .asAdmin(me)
        .withCsrfToken()
      answer.assertStatus(422)
    }
    assert.lengthOf(await db.from('migration_blocks'), blocksBefore, 'nothing blocked')
    const support = await AdminUser.create({
      username: 'bulk_support',
      email: 'bulk_support@example.test',
      password: 'bulk-support-pass-9',
      role: 'support',
    })
    const refused = await client
      .post('/api/admin/members/bulk-block')
      .json({ memberIds: [1], action: 'block' })
      .asAdmin(support)
      .withCsrfToken()
    refused.assertStatus(403)
  })
})
