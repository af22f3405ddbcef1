import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { unmigratedUsersService } from '#modules/backoffice/index'
import { ISSUE_BATCH } from '#modules/auth/index'

/*
| Links for everyone are issued set-based, about 1,000 members per transaction —
| one UPDATE revokes the batch's older links, one multi-row INSERT adds the new ones, one audit
| entry per batch carries its count and members. At 100,000 members (the size that took 25
| minutes one link at a time); about 10–30 s on each database, most of it adding the members
| and reading 33,000 back as eligible (the dry run of invitations).
*/
const MEMBERS = 100_000
const WITH_OLD_LINK = 10_000
const stamp = '2026-12-01 10:00:00'

async function addPrincipals() {
  for (let start = 0; start < MEMBERS; start += 400) {
    await db.table('members').multiInsert(
      Array.from({ length: 400 }, (_, i) => ({
        member_id: `LINK-${start + i}`,
        insured_full_name: `Link Member ${start + i}`,
        date_of_birth: '1980-01-01',
        insured_role: 'Principal',
        product_name: 'Global Health Gold',
        status: 'Active',
        created_at: stamp,
        updated_at: stamp,
      }))
    )
  }
  const ids = (
    await db.from('members').where('member_id', 'like', 'LINK-%').orderBy('id').select('id')
  ).map((row) => Number(row.id))
  // An older usable link for the first 10,000: the new one must revoke it.
  for (let start = 0; start < WITH_OLD_LINK; start += 400) {
    await db.table('migration_tokens').multiInsert(
      ids.slice(start, start + 400).map((memberId) => ({
        member_id: memberId,
        token_hash: `old-${String(memberId).padStart(60, '0')}`,
        expires_at: '2030-01-01 00:00:00',
        failed_attempts: 0,
        created_at: stamp,
      }))
    )
  }
  return ids
}

test.group('Secure links for 100,000 members, set-based', (group) => {
  isolateEachTest(group)

  test('one live link per member, the older ones revoked, one audit entry per batch counting its members', async ({
    assert,
  }) => {
    const ids = await addPrincipals()
    assert.lengthOf(ids, MEMBERS)
    // Eligible, read in batches (one IN list of 100,000 failed on SQLite: its limit of bound
    // values is 32,766): what `invitations send --all-pending --dry-run` lists. 33,000 of them are
    // past that limit; all 100,000 (each read back as a model) took 2 min per database in a run.
    const some = ids.slice(0, 33_000)
    const eligible = await unmigratedUsersService.eligibleMembers(some)
    assert.deepEqual(
      eligible.map((member) => member.id),
      some
    )
    const auditBefore = Number((await db.from('audit_entries').max('id as id').first())?.id ?? 0)
    const batches: number[] = []
    const issuing = Date.now()
    let handed = 0
    const totals = await unmigratedUsersService.issueLinksInBatches(ids, 'cli', async (batch) => {
      batches.push(batch.links.length)
      handed += batch.links.length
      assert.lengthOf(batch.refused, 0)
    })
    console.log(`    ${MEMBERS} links issued in ${Date.now() - issuing} ms`)
    assert.deepEqual(totals, { issued: MEMBERS, refused: 0 })
    assert.equal(handed, MEMBERS)
    assert.lengthOf(batches, MEMBERS / ISSUE_BATCH)

    const live = await db
      .from('migration_tokens')
      .whereIn('member_id', db.from('members').where('member_id', 'like', 'LINK-%').select('id'))
      .whereNull('revoked_at')
      .whereNull('used_at')
      .select('member_id')
      .count('* as n')
      .groupBy('member_id')
    assert.lengthOf(live, MEMBERS)
    assert.isTrue(live.every((row) => Number(row.n) === 1))
    const old = await db
      .from('migration_tokens')
      .where('token_hash', 'like', 'old-%')
      .select(db.raw('count(*) as n'), db.raw('count(revoked_at) as revoked'))
      .first()
    assert.deepEqual([Number(old.n), Number(old.revoked)], [WITH_OLD_LINK, WITH_OLD_LINK])

    const entries = await db
      .from('audit_entries')
      .where('id', '>', auditBefore)
      .where('action', 'token.generate')
      .orderBy('id')
    assert.lengthOf(entries, MEMBERS / ISSUE_BATCH)
    const after = entries.map((entry) => JSON.parse(entry.after))
    assert.isTrue(
      entries.every((entry) => entry.entity_type === 'members' && entry.actor === 'cli')
    )
    assert.equal(
      after.reduce((sum, entry) => sum + entry.count, 0),
      MEMBERS
    )
    assert.isTrue(after.every((entry) => entry.member_ids.length === entry.count))
    assert.deepEqual(
      after.flatMap((entry) => entry.member_ids),
      ids
    )
  }).timeout(600_000)

  test('a batch refuses who may not get a link (blocked, not a principal) and issues the rest', async ({
    assert,
  }) => {
    const anna = await db.from('members').where('member_id', 'DEMO-1001').first()
    const spouse = await db.from('members').whereNot('insured_role', 'Principal').first()
    const seen: { links: string[]; refused: string[] }[] = []
    await unmigratedUsersService.issueLinksInBatches(
      [spouse.id, anna.id, 99_999_999],
      'cli',
      async (batch) => {
        seen.push({
          links: batch.links.map((link) => link.member_id),
          refused: batch.refused.map((refusal) => `${refusal.member_id}: ${refusal.reason}`),
        })
      }
    )
    assert.deepEqual(seen, [
      {
        links: ['DEMO-1001'],
        refused: [
          `${spouse.member_id}: Secure links are only issued to principal members who have not migrated and whose product is enabled`,
          'null: Member not found',
        ],
      },
    ])
  })
})
