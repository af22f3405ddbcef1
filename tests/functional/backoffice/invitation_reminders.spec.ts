import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { Member } from '#modules/members/index'
import { MigrationToken, migrationTokenService } from '#modules/auth/index'
import { invitationReminders, reminderScheduler } from '#modules/backoffice/index'
import { settingsService } from '#modules/settings/index'

const SQL = 'yyyy-MM-dd HH:mm:ss'
const demo = (memberId: string) => Member.findByOrFail('member_id', memberId)
/** "Now" moved forward by some days: the data stays where it is, the task looks from later. */
const later = (days: number) => DateTime.utc().plus({ days })

/** A sent invitation email of a member, as the Unmigrated Users screen records it. */
async function invited(member: Member) {
  await db.table('email_deliveries').insert({
    member_id: member.id,
    email_type: 'migration_invitation',
    recipient: member.email ?? 'x@example.com',
    subject: 'Invitation',
    status: 'sent',
    attempts: 1,
    created_at: DateTime.utc().toFormat(SQL),
  })
}

const reminderEmails = (member: Member, type = 'invitation_reminder') =>
  db.from('email_deliveries').where('member_id', member.id).where('email_type', type)

test.group('Invitation reminders', (group) => {
  isolateEachTest(group)
  // A setting changed by a rolled-back test must not stay in the settings cache.
  group.each.setup(() => () => settingsService.clearCache())

  test('invited principals who have not migrated get a reminder after N days, only they, once a day, at most N times', async ({
    assert,
  }) => {
    const [anna, carlos, priya, olivier] = await Promise.all(
      ['DEMO-1001', 'DEMO-1002', 'DEMO-1003', 'DEMO-1004'].map(demo)
    )
    // Migrated (Carlos), blocked (Priya) and disabled-product (Olivier) members were invited too.
    for (const member of [anna, carlos, priya, olivier]) await invited(member)

    assert.deepEqual((await invitationReminders.run({ actor: 'test', now: later(6) })).due, [])
    const first = await invitationReminders.run({ actor: 'test', now: later(8) })
    assert.deepEqual(
      first.due.map((due) => [due.member_id, due.reason]),
      [['DEMO-1001', 'not_migrated']]
    )
    assert.containsSubset(first, { sent: 1, failed: 0, skipped: 0 })

    const emails = await reminderEmails(anna)
    assert.lengthOf(emails, 1)
    assert.equal(emails[0].status, 'sent')
    assert.equal(emails[0].recipient, anna.email)
    const slots = await db.from('invitation_reminders').where('member_id', anna.id)
    assert.containsSubset(slots, [{ reason: 'not_migrated', day: slots[0].day, status: 'sent' }])
    // The reminder carried a fresh link: one usable token, and the link's issue is in the audit trail.
    const tokens = (await MigrationToken.query().where('member_id', anna.id)).filter(
      (token) => token.isUsable
    )
    assert.lengthOf(tokens, 1)
    assert.lengthOf(
      await db
        .from('audit_entries')
        .where('action', 'reminder.not_migrated')
        .where('entity_id', String(anna.id))
        .where('actor', 'test'),
      1
    )

    // The same day again (its last second: an hour later crosses midnight after 23:00 UTC): the slot is taken, nothing is sent.
    const again = await invitationReminders.run({ actor: 'test', now: later(8).endOf('day') })
    assert.containsSubset(again, { sent: 0, skipped: 1 })
    assert.lengthOf(await reminderEmails(anna), 1)

    // A second reminder later; INVITATION_MAX_REMINDERS (2) then stops them.
    assert.equal((await invitationReminders.run({ actor: 'test', now: later(16) })).sent, 1)
    assert.deepEqual((await invitationReminders.run({ actor: 'test', now: later(24) })).due, [])
    assert.lengthOf(await reminderEmails(anna), 2)
    for (const member of [carlos, priya, olivier]) assert.lengthOf(await reminderEmails(member), 0)
  })

  test('a link about to expire is replaced by a fresh one, LINK_EXPIRY_REMINDER_DAYS before', async ({
    assert,
  }) => {
    const anna = await demo('DEMO-1001')
    const priya = await demo('DEMO-1003')
    await migrationTokenService.issue(anna)
    await migrationTokenService.issue(priya)
    // The links are valid 14 days: not due 3 days before the end, due 1 day before.
    assert.deepEqual((await invitationReminders.run({ actor: 'test', now: later(11) })).due, [])
    const result = await invitationReminders.run({ actor: 'test', now: later(13) })
    assert.deepEqual(
      result.due.map((due) => [due.member_id, due.reason]),
      [['DEMO-1001', 'link_expiring']]
    )
    assert.equal(result.sent, 1)
    assert.lengthOf(await reminderEmails(anna, 'link_expiry_reminder'), 1)
    assert.lengthOf(await reminderEmails(priya, 'link_expiry_reminder'), 0)
  })

  test('the settings turn reminders off and are validated', async ({ client, assert }) => {
    const admin = await demoAdmin()
    for (const [key, value, error] of [
      ['INVITATION_REMINDER_DAYS', 'soon', 'Invitation reminder after (days) must be a number'],
      [
        'INVITATION_REMINDER_DAYS',
        1.5,
        'Invitation reminder after (days) must be a whole number of days from 0 (off) to 365',
      ],
      ['INVITATION_MAX_REMINDERS', 21, 'Reminders per member must be a whole number from 0 to 20'],
      [
        'LINK_EXPIRY_REMINDER_DAYS',
        -1,
        'Link expiry reminder (days before) must be a whole number of days from 0 (off) to 60',
      ],
    ] as const) {
      const response = await client
        .put(`/api/admin/settings/${key}`)
        .json({ value })
        .asAdmin(admin)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, error)
    }
    ;(
      await client
        .put('/api/admin/settings/INVITATION_REMINDER_DAYS')
        .json({ value: 0 })
        .asAdmin(admin)
        .withCsrfToken()
    ).assertStatus(200)
    await invited(await demo('DEMO-1001'))
    assert.deepEqual((await invitationReminders.run({ actor: 'test', now: later(30) })).due, [])
  })

  test('Unmigrated Users shows invited-at, reminders sent and the last delivery status', async ({
    client,
    assert,
  }) => {
    const anna = await demo('DEMO-1001')
    const untouched = (await client.get('/api/admin/unmigrated-users').asAdmin(await demoAdmin()))
      .body()
      .users.find((user: any) => user.member_id === 'DEMO-1001')
    assert.containsSubset(untouched, {
      invited_at: null,
      reminders_sent: 0,
      last_delivery_status: null,
      has_valid_token: false,
    })
    await invited(anna)
    await invitationReminders.run({ actor: 'test', now: later(8) })
    const row = (await client.get('/api/admin/unmigrated-users').asAdmin(await demoAdmin()))
      .body()
      .users.find((user: any) => user.member_id === 'DEMO-1001')
    assert.containsSubset(row, {
      reminders_sent: 1,
      last_delivery_status: 'sent',
      has_valid_token: true,
    })
    assert.match(row.invited_at, /^\d{4}-\d{2}-\d{2}T/)
  })
})

test.group('Invitation reminders: simultaneous runs (committed data)', (group) => {
  let principal: Awaited<ReturnType<typeof committedPrincipal>>
  group.each.setup(async () => {
    principal = await committedPrincipal()
    return async () => {
      const id = principal.member.id
      await db.from('invitation_reminders').where('member_id', id).delete()
      await db.from('email_deliveries').where('member_id', id).delete()
      await db.from('migration_tokens').where('member_id', id).delete()
      await db
        .from('audit_entries')
        .where('entity_type', 'member')
        .where('entity_id', String(id))
        .delete()
      await principal.remove()
    }
  })

  test('five runs at the same moment send one reminder', async ({ assert }) => {
    await invited(principal.member)
    const now = later(8)
    const runs = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((run) => invitationReminders.run({ actor: `test-${run}`, now }))
    )
    const mine = (run: (typeof runs)[number]) =>
      run.due.some((due) => due.member_id === principal.member.member_id)
    assert.isTrue(runs.every(mine))
    assert.lengthOf(await reminderEmails(principal.member), 1)
    assert.lengthOf(
      await db.from('invitation_reminders').where('member_id', principal.member.id),
      1
    )
  })

  test('five schedulers ticking together: one runs', async ({ assert }) => {
    await db.from('scheduler_locks').where('name', 'invitation_reminders').delete()
    const ticks = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((owner) => reminderScheduler(owner).tick())
    )
    assert.deepEqual(ticks.filter(Boolean).length, 1)
  })
})

test.group('Invitation reminders: many due at once', (group) => {
  isolateEachTest(group)

  test('more members due than one SQL statement may bind (SQLite: 32,766 values) are all read', async ({
    assert,
  }) => {
    // One IN list of every due member failed on SQLite ("too many SQL variables") from 32,767 on;
    // the due members are now read a batch at a time. 33,000 principals invited 10 days ago, in
    // multi-row inserts, and a dry run (no email): about 5 s on either database.
    const MEMBERS = 33_000
    const stamp = DateTime.utc().minus({ days: 10 }).toFormat(SQL)
    for (let start = 0; start < MEMBERS; start += 500)
      await db.table('members').multiInsert(
        Array.from({ length: 500 }, (_, i) => ({
          member_id: `DUE-${start + i}`,
          insured_full_name: `Due Member ${start + i}`,
          date_of_birth: '1980-01-01',
          insured_role: 'Principal',
          product_name: 'Global Health Gold',
          email: `due${start + i}@example.test`,
          status: 'Active',
          created_at: stamp,
          updated_at: stamp,
        }))
      )
    const ids = (
      await db.from('members').where('member_id', 'like', 'DUE-%').orderBy('id').select('id')
    ).map((row) => Number(row.id))
    for (let start = 0; start < ids.length; start += 500)
      await db.table('email_deliveries').multiInsert(
        ids.slice(start, start + 500).map((memberId) => ({
          member_id: memberId,
          email_type: 'migration_invitation',
          recipient: 'due@example.test',
          subject: 'Invitation',
          status: 'sent',
          attempts: 1,
          created_at: stamp,
        }))
      )

    const run = await invitationReminders.run({ actor: 'test', dryRun: true })
    const due = run.due.filter((entry) => entry.member_id.startsWith('DUE-'))
    assert.lengthOf(due, MEMBERS)
    assert.isTrue(due.every((entry) => entry.reason === 'not_migrated'))
  }).timeout(120_000)
})
