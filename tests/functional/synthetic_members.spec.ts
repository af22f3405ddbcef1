import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { generateSyntheticMembers } from '#database/seed/synthetic_members'

test.group('Synthetic member generator', (group) => {
  isolateEachTest(group)

  test('inserts exactly N members in families linked to their principals', async ({ assert }) => {
    const progress: number[] = []
    const result = await generateSyntheticMembers({
      count: 2500,
      prefix: 'T',
      batchSize: 700,
      onProgress: (done) => progress.push(done),
    })
    assert.equal(result.members, 2500)
    const [{ total }] = await db
      .from('members')
      .where('member_id', 'like', 'T-%')
      .count('* as total')
    assert.equal(Number(total), 2500)
    const [{ principals }] = await db
      .from('members')
      .where('member_id', 'like', 'T-%')
      .where('insured_role', 'Principal')
      .count('* as principals')
    assert.equal(Number(principals), result.principals)
    const [{ orphans }] = await db
      .from('members')
      .where('member_id', 'like', 'T-%')
      .whereNot('insured_role', 'Principal')
      .whereNull('principal_id')
      .count('* as orphans')
    assert.equal(Number(orphans), 0)
    assert.equal(progress.at(-1), 2500)
    assert.isAbove(progress.length, 2)
  })
})
