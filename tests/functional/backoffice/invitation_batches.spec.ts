import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { insertRows } from '#modules/shared/index'
import { migrationInvitationService } from '#modules/backoffice/index'

/**
 * Invitations for many members, set-based (docs/backoffice.md "Invitations in batches"): 300
 * committed principals in three batches of 100 (the service's batches are 1,000 members; at that
 * size the 3,000 outbox emails took 46 s on SQLite and 2 min on MariaDB, for the same checks), no
 * rolled-back transaction, so simultaneous runs use their own connections on MariaDB. Removed after.
 */
const PREFIX = 'INVBATCH-'
const COUNT = 300
const BATCH = 100

async function addPrincipals() {
  const stamp = '2026-01-01 00:00:00'
  const rows = Array.from({ length: COUNT }, (_, i) => [
    `${PREFIX}${i}`,
    `Batch Member ${i}`,
    '1980-01-01',
    'Principal',
    'Active',
    `batch${i}@example.test`,
    stamp,
    stamp,
  ])
  await insertRows(
    db.connection(),
    'members',
    [
      'member_id',
      'insured_full_name',
      'date_of_birth',
      'insured_role',
      'status',
      'email',
      'created_at',
      'updated_at',
    ],
    rows
  )
  const ids = await db.from('members').where('member_id', 'like', `${PREFIX}%`).select('id')
  return ids.map((row) => Number(row.id))
}

async function removePrincipals(ids: number[]) {
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500)
    await db.from('email_deliveries').whereIn('member_id', chunk).delete()
    await db.from('migration_tokens').whereIn('member_id', chunk).delete()
    await db.from('members').whereIn('id', chunk).delete()
  }
  await db.from('audit_entries').where('actor', 'like', 'batch-test%').delete()
}

const invitationsPerMember = async (ids: number[]) => {
  const rows = await db
    .from('email_deliveries')
    .whereIn('member_id', ids)
    .where('email_type', 'migration_invitation')
    .groupBy('member_id')
    .select('member_id')
    .count('* as n')
  return rows.map((row) => Number(row.n))
}

test.group('Invitations in batches', (group) => {
  let ids: number[] = []
  group.each.setup(async () => {
    ids = await addPrincipals()
    return () => removePrincipals(ids)
  })

  test('300 members in batches of 100: one invitation each, one audit entry per batch whose counts add up, older links revoked', async ({
    assert,
  }) => {
    // An older link of the first member: a new invitation revokes it (today's rule).
    await db.table('migration_tokens').insert({
      member_id: ids[0],
      token_hash: 'older-link-of-the-first-batch-member',
      expires_at: '2037-01-01 00:00:00',
      failed_attempts: 0,
      created_at: '2026-01-01 00:00:00',
    })
    const batches: number[] = []
    const result = await migrationInvitationService.sendInBatches(
      ids,
      'batch-test',
      async (progress) => {
        batches.push(progress.done)
      },
      BATCH
    )
    assert.containsSubset(result, { sent: COUNT, failed: 0, skipped: 0, blocked: 0 })
    assert.deepEqual(batches, [100, 200, 300])
    const counts = await invitationsPerMember(ids)
    assert.lengthOf(counts, COUNT)
    assert.isTrue(counts.every((n) => n === 1))
    const entries = await db
      .from('audit_entries')
      .where('actor', 'batch-test')
      .where('action', 'invitation.send')
      .select('after')
    assert.lengthOf(entries, 3)
    const after = entries.map((entry) =>
      typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after
    )
    assert.equal(
      after.reduce((sum, entry) => sum + entry.count, 0),
      COUNT
    )
    const older = await db
      .from('migration_tokens')
      .where('token_hash', 'older-link-of-the-first-batch-member')
      .first()
    assert.isNotNull(older.revoked_at)
    const usable = await db
      .from('migration_tokens')
      .whereIn('member_id', ids.slice(0, BATCH))
      .whereNull('revoked_at')
      .count('* as n')
    assert.equal(Number(usable[0].n), BATCH)
  }).timeout(60_000)

  test('5 simultaneous sends to the same 300 members: no member gets two', async ({ assert }) => {
    const runs = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        migrationInvitationService.sendInBatches(ids, `batch-test-${i}`, async () => {}, BATCH)
      )
    )
    const counts = await invitationsPerMember(ids)
    assert.isTrue(
      counts.every((n) => n === 1),
      `counts: ${[...new Set(counts)]}`
    )
    assert.equal(
      runs.reduce((sum, run) => sum + run.sent, 0),
      COUNT
    )
  }).timeout(60_000)
})
