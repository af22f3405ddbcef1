import { test } from '@japa/runner'
import { userInfo } from 'node:os'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { runCliInProcess as runCli } from '#tests/helpers/cli_runner'

async function query<T = any>(sql: string, ...params: unknown[]): Promise<T[]> {
  const result = await db.rawQuery(sql, params as any[])
  return (db.connection().dialect.name === 'mysql' ? result[0] : result) as T[]
}

async function execute(sql: string, ...params: unknown[]) {
  await db.rawQuery(sql, params as any[])
}

const operator = `cli:${userInfo().username}`

test.group('Operators CLI: reminders and the audit trail', (group) => {
  // In this process on the suite's database (runCliInProcess). The second test exports what the
  // first one did: the group shares one transaction, rolled back at its end, on an audit trail
  // emptied first (inside it).
  group.setup(async () => {
    await db.beginGlobalTransaction()
    await db.from('audit_entries').delete()
    return () => db.rollbackGlobalTransaction()
  })

  test('invitations remind --dry-run lists who is due and sends nothing; without it, sends', async ({
    assert,
  }) => {
    const [anna] = await query('select id, email from members where member_id = ?', 'DEMO-1001')
    const tenDaysAgo = DateTime.utc().minus({ days: 10 }).toFormat('yyyy-MM-dd HH:mm:ss')
    await execute(
      `insert into email_deliveries (member_id, email_type, recipient, subject, status, attempts, created_at) values (?, 'migration_invitation', ?, 'Invitation', 'sent', 1, ?)`,
      anna.id,
      anna.email,
      tenDaysAgo
    )

    const dry = await runCli('invitations', 'remind', '--dry-run')
    assert.equal(dry.code, 0, dry.stderr)
    assert.include(dry.stdout, 'Dry run: 1 reminder(s) would be sent; nothing was sent.')
    assert.include(
      dry.stdout,
      'DEMO-1001  Anna Schmidt  anna.schmidt@corp.example.com  not_migrated'
    )
    assert.lengthOf(await query('select id from invitation_reminders'), 0)
    assert.lengthOf(
      await query(`select id from email_deliveries where email_type = 'invitation_reminder'`),
      0
    )

    const real = await runCli('invitations', 'remind')
    assert.equal(real.code, 0, real.stderr)
    assert.include(real.stdout, 'Sent: 1')
    assert.lengthOf(
      await query(
        `select id from email_deliveries where email_type = 'invitation_reminder' and member_id = ? and status = 'sent'`,
        anna.id
      ),
      1
    )
    assert.lengthOf(
      await query(
        `select id from audit_entries where action = 'reminder.not_migrated' and actor = ?`,
        operator
      ),
      1
    )
    // Once a day: a second run sends nothing.
    assert.include((await runCli('invitations', 'remind')).stdout, 'Sent: 0')
  })

  test('audit export prints the trail as JSON lines or CSV, from a day on', async ({ assert }) => {
    const cleaned = await runCli('clean', '--confirm', 'DELETE ALL DATA')
    assert.equal(cleaned.code, 0, cleaned.stderr)

    const json = await runCli('audit', 'export', '--format', 'json')
    assert.equal(json.code, 0, json.stderr)
    const entries = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    assert.deepEqual(
      entries.map((entry) => entry.action),
      ['reminder.not_migrated', 'data.clean']
    )
    assert.containsSubset(entries[1], { actor: operator, entityType: 'database', after: null })
    assert.isAbove(entries[1].before.members, 0)

    const csv = await runCli('audit', 'export')
    assert.equal(csv.code, 0, csv.stderr)
    const lines = csv.stdout.trim().split('\n')
    assert.equal(lines[0], 'id,at,actor,action,entityType,entityId,before,after')
    assert.lengthOf(lines, 3)
    assert.include(lines[2], `,${operator},data.clean,database,,`)

    const future = await runCli('audit', 'export', '--since', '2999-01-01')
    assert.equal(future.stdout.trim(), 'id,at,actor,action,entityType,entityId,before,after')
    const bad = await runCli('audit', 'export', '--since', 'yesterday')
    assert.equal(bad.code, 1)
    assert.equal(
      bad.stderr.trim(),
      'error: --since must be a date (YYYY-MM-DD): "yesterday" is not one'
    )
    // The right shape but no calendar day: refused before anything is printed, not read as "everything".
    const impossible = await runCli('audit', 'export', '--since', '2026-13-45')
    assert.equal(impossible.code, 1)
    assert.equal(impossible.stdout, '')
    assert.equal(
      impossible.stderr.trim(),
      'error: --since must be a date (YYYY-MM-DD): "2026-13-45" is not one'
    )
  })
})
