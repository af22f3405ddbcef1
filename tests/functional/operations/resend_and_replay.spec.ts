import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { EmailDelivery } from '#modules/notifications/index'
import {
  ApiConfiguration,
  alertUnknownDeliveries,
  createFulfilmentWorker,
  sweepDeliveries,
  unknownAlertKey,
} from '#modules/fulfilment/index'
import { TEST_ADMIN, isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { InsurerApi } from '#tests/helpers/insurer_api'
import { startSmtpCapture } from '#tests/helpers/smtp_capture'
import { CookieClient } from '#tests/helpers/cookie_client'
import { countStatuses, fireTimes } from '#tests/helpers/simultaneous'
import { deleteJobsOf } from '#tests/helpers/worker_child'

/**
 * Resend of one email delivery and Replay of one dead-lettered insurer call.
 * Committed data (the bursts are real requests on their own connections): each test removes
 * the migration, jobs and audit entries it created.
 */
const FAMILY = ['DEMO-1001', 'DEMO-1001-S']

async function signedInAdmin() {
  const admin = new CookieClient()
  if ((await admin.post('/api/admin/login', TEST_ADMIN)).status !== 200)
    throw new Error('admin sign-in failed')
  return admin
}

/** A paid migration whose fulfilment ran (emails sent to the SMTP capture), cleaned up afterwards. */
async function fulfilledMigration(cleanup: (fn: () => Promise<void>) => void) {
  const { migration, eventId } = await createPaidMigration()
  cleanup(async () => {
    await deleteJobsOf(migration.id)
    await db
      .from('audit_entries')
      .where('entity_type', 'migration')
      .where('entity_id', String(migration.id))
      .delete()
    await db.from('webhook_events').where('event_id', eventId).delete()
    await migration.delete()
    await Member.query()
      .whereIn('member_id', FAMILY)
      .update({ dhig_person_id: null, dhig_member_id: null })
  })
  await createFulfilmentWorker().drain()
  await migration.refresh()
  return migration
}

/** The job's next retry is due now (time moved forward), then the worker runs what is due. */
async function nextRetryNow(jobId: number) {
  await db
    .from('jobs')
    .where('id', jobId)
    .update({ run_at: DateTime.local().minus({ seconds: 1 }).toFormat('yyyy-MM-dd HH:mm:ss') })
  await createFulfilmentWorker().drain()
}

test.group('Email Resend of one delivery', (group) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  group.each.setup(async () => {
    smtp = await startSmtpCapture()
    return () => smtp.stop()
  })

  test('Resend queues a new delivery row, the job sends it once; a second Resend of the same delivery is a 409', async ({
    assert,
    cleanup,
  }) => {
    const migration = await fulfilledMigration(cleanup)
    const original = await EmailDelivery.query()
      .where('migration_id', migration.id)
      .where('email_type', 'migration_confirmation')
      .firstOrFail()
    assert.equal(original.status, 'sent')
    assert.equal(original.recipient_source, 'member_email')
    const subject = `Your migration ${migration.migration_reference} is confirmed`
    assert.lengthOf(
      smtp.received.filter((mail) => mail.subject === subject),
      1
    )

    const admin = await signedInAdmin()
    const answer = await admin.post(`/api/admin/email-deliveries/${original.id}/resend`)
    assert.equal(answer.status, 202)
    assert.include(answer.body.delivery, {
      email_type: 'migration_confirmation',
      status: 'queued',
      resend_of: original.id,
      recipient: original.recipient,
      recipient_source: 'member_email',
    })

    await createFulfilmentWorker().drain()
    const mails = smtp.received.filter((mail) => mail.subject === subject)
    assert.lengthOf(mails, 2)
    assert.equal(
      mails[1].to && !Array.isArray(mails[1].to) ? mails[1].to.text : '',
      original.recipient
    )
    const resend = await EmailDelivery.findOrFail(answer.body.delivery.id)
    const pdfs = [
      `${migration.migration_reference}-DEMO-1001.pdf`,
      `${migration.migration_reference}-DEMO-1001-S.pdf`,
    ]
    assert.deepEqual(
      [
        resend.status,
        resend.attempts,
        resend.resend_of,
        resend.recipient_source,
        resend.attachments,
      ],
      ['sent', 1, original.id, 'member_email', JSON.stringify(pdfs)]
    )
    assert.deepEqual(
      mails[1].attachments.map((file) => file.filename),
      pdfs
    )

    const detail = await admin.get(`/api/admin/migrations/${migration.id}`)
    const listed = detail.body.migration.email_deliveries.find((row: any) => row.id === original.id)
    assert.include(listed, {
      resent_as: resend.id,
      needs_attention: false,
      recipient_source: 'member_email',
    })
    assert.deepEqual(listed.attachments, pdfs)
    const audit = await db
      .from('audit_entries')
      .where('action', 'migration.resend_email')
      .where('entity_id', String(migration.id))
    assert.lengthOf(audit, 1)
    assert.include(JSON.parse(audit[0].after), {
      delivery_id: original.id,
      new_delivery_id: resend.id,
    })

    const again = await admin.post(`/api/admin/email-deliveries/${original.id}/resend`)
    assert.equal(again.status, 409)
    assert.equal(
      again.body.error,
      `This email was already resent (delivery #${resend.id}). Resend that one instead.`
    )
    assert.equal((await admin.post('/api/admin/email-deliveries/99999999/resend')).status, 404)
    assert.equal((await admin.post('/api/admin/email-deliveries/abc/resend')).status, 422)
  }).timeout(60_000)

  test('30 simultaneous Resends of one delivery: one 202, 29 × 409, one new row, one email', async ({
    assert,
    cleanup,
  }) => {
    const migration = await fulfilledMigration(cleanup)
    const original = await EmailDelivery.query()
      .where('migration_id', migration.id)
      .where('email_type', 'admin_notification')
      .firstOrFail()
    const before = smtp.received.length
    const admin = await signedInAdmin()
    const answers = await fireTimes(30, () => ({
      method: 'POST',
      path: `/api/admin/email-deliveries/${original.id}/resend`,
      body: {},
      headers: admin.sessionHeaders(),
    }))
    assert.deepEqual(countStatuses(answers), { 202: 1, 409: 29 })
    assert.lengthOf(await EmailDelivery.query().where('resend_of', original.id), 1)
    await createFulfilmentWorker().drain()
    assert.equal(smtp.received.length, before + 1)
    assert.lengthOf(
      await db
        .from('audit_entries')
        .where('action', 'migration.resend_email')
        .where('entity_id', String(migration.id)),
      1
    )
  }).timeout(60_000)

  test('an email left unknown after an SMTP crash is listed in Dead Letters; 10 simultaneous Resends send it once and it leaves the list', async ({
    assert,
    cleanup,
  }) => {
    const migration = await fulfilledMigration(cleanup)
    const original = await EmailDelivery.query()
      .where('migration_id', migration.id)
      .where('email_type', 'migration_confirmation')
      .firstOrFail()
    // What the sweeper writes when a sender stopped after the hand-off began (email_crash.spec.ts).
    const crash = 'The sender stopped after the hand-off to the mail server began; delivery unknown'
    const stoppedAt = '2026-11-20 10:15:00'
    await db
      .from('email_deliveries')
      .where('id', original.id)
      .update({ status: 'unknown', error_message: crash, updated_at: stoppedAt })
    const admin = await signedInAdmin()

    const listed = await admin.get('/api/admin/dead-letters')
    assert.equal(listed.status, 200)
    const subject = `Your migration ${migration.migration_reference} is confirmed`
    assert.deepEqual(
      listed.body.unknown_emails.find((email: any) => email.id === original.id),
      {
        id: original.id,
        migration_id: migration.id,
        migration_reference: migration.migration_reference,
        email_type: 'migration_confirmation',
        recipient: original.recipient,
        subject,
        error: crash,
        since: DateTime.fromSQL(stoppedAt).toISO(),
        resendable: true,
      }
    )

    const before = smtp.received.filter((mail) => mail.subject === subject).length
    const answers = await fireTimes(10, () => ({
      method: 'POST',
      path: `/api/admin/email-deliveries/${original.id}/resend`,
      body: {},
      headers: admin.sessionHeaders(),
    }))
    assert.deepEqual(countStatuses(answers), { 202: 1, 409: 9 })
    await createFulfilmentWorker().drain()
    const resent = smtp.received.filter((mail) => mail.subject === subject)
    assert.equal(resent.length, before + 1)
    assert.equal((resent.at(-1)!.to as any).value[0].address, original.recipient)
    assert.lengthOf(
      await db
        .from('audit_entries')
        .where('action', 'migration.resend_email')
        .where('entity_id', String(migration.id)),
      1
    )
    const after = await admin.get('/api/admin/dead-letters')
    assert.isUndefined(after.body.unknown_emails.find((email: any) => email.id === original.id))
  }).timeout(60_000)

  test('the sweep alerts the admin notification address once per unknown delivery, whoever sweeps', async ({
    assert,
    cleanup,
  }) => {
    const migration = await fulfilledMigration(cleanup)
    const original = await EmailDelivery.query()
      .where('migration_id', migration.id)
      .where('email_type', 'migration_confirmation')
      .firstOrFail()
    cleanup(async () => {
      await db.from('email_deliveries').where('dedupe_key', unknownAlertKey(original.id)).delete()
    })
    await db.from('email_deliveries').where('id', original.id).update({
      status: 'sending',
      handed_off_at: '2026-11-20 10:14:00',
      lease_until: '2026-11-20 10:15:00',
    })
    const subject = `Email delivery unknown: ${original.recipient} (${migration.migration_reference})`
    const alerts = () => smtp.received.filter((mail) => mail.subject === subject)

    // Three processes sweep at once: the lapsed sender's row becomes unknown, one alert is sent.
    await Promise.all([sweepDeliveries(), sweepDeliveries(), sweepDeliveries()])
    await sweepDeliveries()
    assert.equal((await EmailDelivery.findOrFail(original.id)).status, 'unknown')
    assert.lengthOf(alerts(), 1)
    const [alert] = alerts()
    const text = (alert.text ?? '').replace(/\s+/g, ' ')
    assert.equal((alert.to as any).value[0].address, 'admin@example.com')
    assert.include(
      text,
      `The migration confirmation #${original.id} "Your migration ${migration.migration_reference} is confirmed" to ${original.recipient} (migration ${migration.migration_reference}) may or may not have been delivered`
    )
    assert.include(text, 'Resend in Dead Letters (the recipient may receive it twice)')
    assert.isNotNull((await EmailDelivery.findOrFail(original.id)).unknown_alerted_at)
    assert.deepEqual(await alertUnknownDeliveries(), { alerted: 0 })
    assert.lengthOf(alerts(), 1)
  }).timeout(60_000)

  test('without an admin session the Resend is refused', async ({ assert }) => {
    const anonymous = new CookieClient()
    assert.equal((await anonymous.post('/api/admin/email-deliveries/1/resend')).status, 401)
  })
})

test.group('Integration outbox: dead letter and Replay of one insurer call', (group) => {
  const insurer = new InsurerApi()
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })

  test('a failed call is retried by its job until dead letter; Replay sends it once with the same Idempotency-Key; simultaneous replays → one; a non-dead call → 409', async ({
    assert,
    cleanup,
  }) => {
    const config = await ApiConfiguration.create({
      name: 'DHIG',
      endpoint_url: insurer.url,
      auth_type: 'none',
      auth_config: null,
      timeout_ms: 3000,
      enabled: true,
    })
    cleanup(async () => {
      await config.delete()
      insurer.failing.clear()
      insurer.calls = []
    })
    insurer.calls = []
    insurer.failing.add('DEMO-1001-S')
    const migration = await fulfilledMigration(cleanup)
    assert.include(migration, { api_status: 'partial', status: 'completed_with_warnings' })
    const key = insurer.calls.find((call) => call.body.member.memberId === 'DEMO-1001-S')!.headers[
      'idempotency-key'
    ]

    const admin = await signedInAdmin()
    let outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    const spouseCall = () => outbox.calls.find((call: any) => call.member_id === 'DEMO-1001-S')
    assert.include(spouseCall(), {
      state: 'retrying',
      attempts: 1,
      response_status: 500,
      last_error: 'HTTP 500',
      idempotency_key: key,
    })
    assert.isString(spouseCall().next_retry_at)
    assert.include(
      outbox.calls.find((call: any) => call.member_id === 'DEMO-1001'),
      { state: 'succeeded', attempts: 1, job_id: null }
    )
    const jobId = spouseCall().job_id

    const early = await admin.post(`/api/admin/outbox/${jobId}/replay`)
    assert.equal(early.status, 409)
    assert.equal(
      early.body.error,
      'Only a call in dead letter can be replayed: it is waiting for its next attempt'
    )

    for (let retry = 0; retry < 4; retry++) await nextRetryNow(jobId)
    outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    assert.include(spouseCall(), { state: 'dead_letter', attempts: 5, next_retry_at: null })
    const letters = (await admin.get('/api/admin/dead-letters?limit=100')).body
    assert.deepInclude(
      letters.items.map((item: any) => [
        item.id,
        item.migration_reference,
        item.member_id,
        item.attempts,
        item.idempotency_key,
        item.replayable,
      ]),
      [jobId, migration.migration_reference, 'DEMO-1001-S', 5, key, true]
    )

    insurer.failing.clear()
    insurer.calls = []
    const answers = await fireTimes(10, () => ({
      method: 'POST',
      path: `/api/admin/outbox/${jobId}/replay`,
      body: {},
      headers: admin.sessionHeaders(),
    }))
    assert.deepEqual(countStatuses(answers), { 202: 1, 409: 9 })
    await createFulfilmentWorker().drain()
    assert.lengthOf(insurer.calls, 1)
    assert.equal(insurer.calls[0].headers['idempotency-key'], key)
    assert.equal(insurer.calls[0].body.member.memberId, 'DEMO-1001-S')

    await migration.refresh()
    assert.include(migration, { api_status: 'completed', status: 'completed' })
    outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    assert.include(spouseCall(), { state: 'succeeded', attempts: 6 })
    const done = await admin.post(`/api/admin/outbox/${jobId}/replay`)
    assert.equal(done.status, 409)
    assert.equal(done.body.error, 'Only a call in dead letter can be replayed: it is done')
    assert.notInclude(
      (await admin.get('/api/admin/dead-letters?limit=100')).body.items.map((item: any) => item.id),
      jobId
    )
    assert.lengthOf(
      await db
        .from('audit_entries')
        .where('action', 'outbox.replay')
        .where('entity_id', String(migration.id)),
      1
    )

    const step = outbox.jobs.find((job: any) => job.type === 'fulfilment.step')
    const notHere = await admin.post(`/api/admin/outbox/${step.id}/replay`)
    assert.equal(notHere.status, 409)
    assert.equal(
      notHere.body.error,
      "A fulfilment step is not replayed here: use the migration's retry buttons"
    )
    assert.equal((await admin.get('/api/admin/dead-letters?limit=500')).status, 422)
  }).timeout(90_000)
})

test.group('Member detail: invitations with their delivery status', (group) => {
  isolateEachTest(group)

  test('lists the invitation and reminder emails of one member, newest first, with recipient reason and status', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const other = await Member.findByOrFail('member_id', 'DEMO-1002')
    await EmailDelivery.createMany([
      {
        member_id: anna.id,
        email_type: 'migration_invitation',
        recipient: 'anna@example.com',
        recipient_source: 'member_email',
        subject: 'Invitation',
        status: 'sent',
        attempts: 1,
      },
      {
        member_id: anna.id,
        email_type: 'invitation_reminder',
        recipient: 'qa@example.com',
        recipient_source: 'member_override',
        subject: 'Reminder',
        status: 'failed',
        attempts: 1,
        error_message: 'Mailbox unavailable',
      },
      {
        member_id: other.id,
        email_type: 'migration_invitation',
        recipient: 'other@example.com',
        subject: 'Invitation',
        status: 'sent',
        attempts: 1,
      },
    ])
    const response = await client
      .get(`/api/admin/members/${anna.id}/invitations`)
      .asAdmin(await AdminUser.findByOrFail('username', 'admin'))
    response.assertStatus(200)
    assert.deepEqual(
      response
        .body()
        .invitations.map((row: any) => [
          row.email_type,
          row.recipient,
          row.recipient_source,
          row.status,
          row.error_message,
        ]),
      [
        [
          'invitation_reminder',
          'qa@example.com',
          'member_override',
          'failed',
          'Mailbox unavailable',
        ],
        ['migration_invitation', 'anna@example.com', 'member_email', 'sent', null],
      ]
    )
    ;(
      await client
        .get('/api/admin/members/abc/invitations')
        .asAdmin(await AdminUser.findByOrFail('username', 'admin'))
    ).assertStatus(422)
    ;(await client.get(`/api/admin/members/${anna.id}/invitations`)).assertStatus(401)
  })
})
