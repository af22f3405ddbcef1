import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { Migration, renewalQuote } from '#modules/migrations/index'
import { Job } from '#modules/jobs/index'
import { insurerCancellation } from '#modules/dunning/index'
import { createFulfilmentWorker, renewalScheduler } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { outboxMessages } from '#tests/helpers/outbox'
import { consentTo } from '#tests/helpers/consent'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { bumpReferenceVersion, formatAmount } from '#modules/shared/index'
import { Setting } from '#modules/settings/index'

/**
 * The end of the term (docs/fulfilment.md): the clock is moved by passing `now` to the scheduler
 * (docs/developing.md, "Time in tests"); the member area reads the real clock, so those tests
 * move the term's end date instead.
 */
const SELECTION = { durationType: '12_months', paymentFrequency: 'one-time', currency: 'EUR' }

async function paidMigration(client: any) {
  const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
  const created = await client
    .post('/api/migration/create')
    .json({ memberIds: [principal.id], ...SELECTION })
    .asMember(principal)
    .withCsrfToken()
  created.assertStatus(200)
  await consentTo(created.body().migrationId)
  ;(
    await client
      .post(`/api/migration/${created.body().migrationId}/sandbox-confirm`)
      .asMember(principal)
      .withCsrfToken()
  ).assertStatus(200)
  await createFulfilmentWorker().drain()
  return { principal, migration: await Migration.findOrFail(created.body().migrationId) }
}

/** The term's end date `days` from today (the member area's clock is the real one). */
async function endsIn(migration: Migration, days: number) {
  const end = DateTime.utc().startOf('day').plus({ days })
  await db
    .from('migrations')
    .where('id', migration.id)
    .update({ end_date: end.toFormat('yyyy-MM-dd') })
  return Migration.findOrFail(migration.id)
}

/** The first moment (UTC) of a term's end date, the clock the scheduler is given. */
const endOf = (migration: Migration) =>
  DateTime.fromISO(`${migration.end_date.toISODate()}T00:00:00`, { zone: 'utc' }) as DateTime<true>

const mailsOf = async (subject: string, migration: Migration) =>
  (await outboxMessages(subject)).filter((mail) =>
    mail.subject?.includes(migration.migration_reference)
  )

test.group('Renewal: the end of the term', (group) => {
  isolateEachTest(group)

  test('the invitation goes out on the configured day, not the day before, in the member’s language with the card’s price', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidMigration(client)
    await Member.query().where('id', principal.id).update({ language: 'de' })
    const end = endOf(migration)
    await renewalScheduler.run(end.minus({ days: 31 }))
    assert.lengthOf(await mailsOf('Verlängern', migration), 0)
    const run = await renewalScheduler.run(end.minus({ days: 30 }))
    assert.deepEqual([run.failed, run.errors], [0, []])
    await renewalScheduler.run(end.minus({ days: 29 }))
    const mails = await mailsOf('Verlängern', migration)
    assert.lengthOf(mails, 1)
    assert.equal(
      mails[0].subject,
      `Verlängern Sie Ihren Versicherungsschutz ${migration.migration_reference} vor dem ${end.toFormat('dd.MM.yyyy')}`
    )
    // The card's price (GET /member/renewal and the email compute it with renewalQuote: today's
    // products and rates, a term starting on the end date), in German.
    const { quote } = await renewalQuote(principal, migration)
    const german = formatAmount(quote.totalAmount, 'EUR', 'de').replace(/\s+/g, ' ')
    assert.include(String(mails[0].text).replace(/\s+/g, ' '), german)
    await endsIn(migration, 20)
    const card = (await client.get('/api/member/renewal').asMember(principal)).body().renewal
    assert.equal(card.price.startDate, DateTime.utc().startOf('day').plus({ days: 20 }).toISODate())
  }).timeout(60_000)

  test('RENEWAL_INVITATION_DAYS set to 10: the invitation and the card from the 10th day before the end, not the 11th', async ({
    client,
    assert,
  }) => {
    await Setting.query()
      .where('setting_key', 'RENEWAL_INVITATION_DAYS')
      .update({ setting_value: '10' })
    // As the settings screen does: every process reads the new value (the old one after the rollback).
    await bumpReferenceVersion(undefined, 'settings')
    const { principal, migration } = await paidMigration(client)
    const end = endOf(migration)
    await renewalScheduler.run(end.minus({ days: 11 }))
    assert.lengthOf(await mailsOf('Renew your coverage', migration), 0)
    await renewalScheduler.run(end.minus({ days: 10 }))
    assert.lengthOf(await mailsOf('Renew your coverage', migration), 1)
    // The card reads the real clock: the end date 11, then 10 days from today.
    await endsIn(migration, 11)
    const early = await client.get('/api/member/renewal').asMember(principal)
    assert.isNull(early.body().renewal)
    const refused = await client
      .post('/api/migration/create')
      .json({ ...SELECTION, memberIds: [principal.id], renewalOf: migration.id })
      .asMember(principal)
      .withCsrfToken()
    assert.deepEqual(
      [refused.status(), refused.body().error],
      [409, 'This coverage cannot be renewed yet.']
    )
    // In the member's language, as every message of the member API.
    for (const [language, message] of [
      ['de', 'Dieser Versicherungsschutz kann noch nicht verlängert werden.'],
      ['fr', 'Cette couverture ne peut pas encore être renouvelée.'],
    ]) {
      const translated = await client
        .post('/api/migration/create')
        .header('Accept-Language', language)
        .json({ ...SELECTION, memberIds: [principal.id], renewalOf: migration.id })
        .asMember(principal)
        .withCsrfToken()
      assert.deepEqual([translated.status(), translated.body().error], [409, message])
    }
    await endsIn(migration, 10)
    const card = (await client.get('/api/member/renewal').asMember(principal)).body().renewal
    assert.equal(card?.migrationId, migration.id)
    assert.equal(card.opensOn, DateTime.utc().startOf('day').toISODate())
  }).timeout(60_000)

  test('Renew: a new migration linked to the old through the same checkout; never offered again', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidMigration(client)
    const old = await endsIn(migration, 10)
    const card = (await client.get('/api/member/renewal').asMember(principal)).body().renewal
    assert.equal(card.migrationId, old.id)
    assert.equal(card.price.startDate, old.end_date.toISODate())
    const created = await client
      .post('/api/migration/create')
      .json({ ...card.selection, renewalOf: old.id })
      .asMember(principal)
      .withCsrfToken()
    created.assertStatus(200)
    assert.equal(created.body().totalAmount, card.price.totalAmount)
    assert.equal(created.body().startDate, old.end_date.toISODate())
    await consentTo(created.body().migrationId)
    ;(
      await client
        .post(`/api/migration/${created.body().migrationId}/sandbox-confirm`)
        .asMember(principal)
        .withCsrfToken()
    ).assertStatus(200)
    await createFulfilmentWorker().drain()
    const renewal = await Migration.findOrFail(created.body().migrationId)
    assert.deepEqual(
      [renewal.renewed_from_migration_id, renewal.payment_status],
      [old.id, 'succeeded']
    )
    assert.isNull((await client.get('/api/member/renewal').asMember(principal)).body().renewal)
    const again = await client
      .post('/api/migration/create')
      .json({ ...card.selection, renewalOf: old.id })
      .asMember(principal)
      .withCsrfToken()
    again.assertStatus(409)
    // The renewed term does not end on its end date, whatever five simultaneous runs find.
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => renewalScheduler.run(endOf(old).plus({ hours: 1 })))
    )
    assert.deepEqual(
      runs.map((run) => [run.ended, run.errors]),
      Array.from({ length: 5 }, () => [0, []])
    )
    await createFulfilmentWorker().drain()
    assert.lengthOf(
      await Job.query().where('type', 'fulfilment.term_ended').where('migration_id', old.id),
      0
    )
    assert.equal((await Migration.findOrFail(old.id)).status, old.status)
    assert.lengthOf(await mailsOf('has ended', old), 0)
  }).timeout(60_000)

  test('without a renewal the term ends on its end date: expired, one email, the insurer told once', async ({
    client,
    assert,
  }) => {
    const { migration } = await paidMigration(client)
    const calls: string[] = []
    const registered = insurerCancellation.use(async (migrationId, cause) => {
      calls.push(`${migrationId}:${cause}`)
      return { status: 'queued', detail: 'queued' }
    })
    try {
      const end = endOf(migration)
      await renewalScheduler.run(end.minus({ days: 1 }))
      assert.lengthOf(
        await Job.query()
          .where('type', 'fulfilment.term_ended')
          .where('migration_id', migration.id),
        0
      )
      // Five simultaneous runs on the end date.
      await Promise.all(
        Array.from({ length: 5 }, () => renewalScheduler.run(end.plus({ hours: 1 })))
      )
      assert.lengthOf(
        await Job.query()
          .where('type', 'fulfilment.term_ended')
          .where('migration_id', migration.id),
        1
      )
      await Promise.all([createFulfilmentWorker().drain(), createFulfilmentWorker().drain()])
      assert.equal((await Migration.findOrFail(migration.id)).status, 'expired')
      assert.lengthOf(await mailsOf('has ended', migration), 1)
      // The day before, the invitation went out (once).
      assert.lengthOf(await mailsOf('Renew your coverage', migration), 1)
      assert.deepEqual(
        calls.filter((call) => call.startsWith(`${migration.id}:`)),
        [`${migration.id}:expired`]
      )
      await renewalScheduler.run(end.plus({ days: 1 }))
      await createFulfilmentWorker().drain()
      assert.lengthOf(await mailsOf('has ended', migration), 1)
      assert.deepEqual(
        calls.filter((call) => call.startsWith(`${migration.id}:`)),
        [`${migration.id}:expired`]
      )
    } finally {
      insurerCancellation.use(registered)
    }
  }).timeout(60_000)
  test('five simultaneous scheduler runs on the invitation day send one invitation', async ({
    client,
    assert,
  }) => {
    const { migration } = await paidMigration(client)
    const end = endOf(migration)
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => renewalScheduler.run(end.minus({ days: 30 })))
    )
    assert.deepEqual(
      runs.flatMap((run) => run.errors),
      []
    )
    assert.lengthOf(await mailsOf('Renew your coverage', migration), 1)
    await renewalScheduler.run(end.minus({ days: 30 }))
    assert.lengthOf(await mailsOf('Renew your coverage', migration), 1)
  }).timeout(60_000)
})

test.group('Renewal: simultaneous scheduler runs on their own connections', () => {
  // Committed data (the runs' queries go out on separate connections, as from several processes);
  // the term ends in 2099, so no other migration is due an invitation on that day.
  test('five simultaneous runs on the invitation day: one invitation, one delivery row', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(async () => {
      const migrations = await db.from('migrations').where('member_id', family.member.id)
      await db
        .from('email_deliveries')
        .whereIn(
          'migration_id',
          migrations.map((row) => row.id)
        )
        .delete()
      await db
        .from('audit_entries')
        .where('entity_type', 'migration')
        .whereIn(
          'entity_id',
          migrations.map((row) => String(row.id))
        )
        .delete()
      await family.remove()
    })
    const session = await family.signIn()
    const created = await session.post('/api/migration/create', {
      memberIds: [family.member.id],
      ...SELECTION,
    })
    assert.equal(created.status, 200, created.text)
    const migrationId: number = created.body.migrationId
    await consentTo(migrationId)
    assert.equal(
      (await session.post(`/api/migration/${migrationId}/sandbox-confirm`, {})).status,
      200
    )
    await createFulfilmentWorker().drain()
    await db.from('migrations').where('id', migrationId).update({ end_date: '2099-06-15' })
    const migration = await Migration.findOrFail(migrationId)
    assert.include(['completed', 'completed_with_warnings'], migration.status)

    const day = DateTime.fromISO('2099-05-16T08:00:00', { zone: 'utc' }) as DateTime<true>
    const runs = await Promise.all(Array.from({ length: 5 }, () => renewalScheduler.run(day)))
    assert.deepEqual(
      runs.flatMap((run) => run.errors),
      []
    )
    assert.equal(
      runs.reduce((sum, run) => sum + run.invited, 0),
      1
    )
    const deliveries = await db
      .from('email_deliveries')
      .where('migration_id', migrationId)
      .where('email_type', 'renewal_invitation')
    assert.deepEqual(
      deliveries.map((row) => row.status),
      ['sent']
    )
    assert.lengthOf(await mailsOf('Renew your coverage', migration), 1)
  }).timeout(60_000)
})
