import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { EmailDelivery, sendTemplatedEmail } from '#modules/notifications/index'
import { TEST_ADMIN } from '#tests/helpers/database'
import { createPaidMigration, createPendingMigration } from '#tests/helpers/migration_fixtures'
import { startSmtpCapture } from '#tests/helpers/smtp_capture'
import { CookieClient } from '#tests/helpers/cookie_client'
import { deleteJobsOf, exited, jobsOf, startWorker, waitFor } from '#tests/helpers/worker_child'
import type Migration from '#modules/migrations/models/migration'

/**
 * kill -9 of the worker process while the mail server is slow. Committed data
 * (real processes): each test removes what it created.
 */
const FINISHED = ['completed', 'completed_with_warnings']

/** The confirmation's delivery row: id, status, attempts, whether the hand-off had begun. */
async function confirmationOf(migration: Migration) {
  const row = await EmailDelivery.query()
    .where('migration_id', migration.id)
    .where('email_type', 'migration_confirmation')
    .firstOrFail()
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    handedOff: row.handed_off_at !== null,
  }
}

/** The dead worker's leases (its job, its delivery) run out, as they would a minute later. */
async function leasesRunOut(migration: Migration) {
  const past = DateTime.local().minus({ minutes: 5 }).toFormat('yyyy-MM-dd HH:mm:ss')
  await jobsOf(migration.id).where('status', 'running').update({ locked_until: past })
  await db
    .from('email_deliveries')
    .where('migration_id', migration.id)
    .where('status', 'sending')
    .update({ lease_until: past })
}

/** A worker is killed while the server stalls, its leases run out, a new worker finishes the migration. */
async function crashAndRestart(stall: 'rcpt' | 'data', cleanup: (fn: () => Promise<void>) => void) {
  const smtp = await startSmtpCapture({ stall })
  const { migration, eventId } = await createPaidMigration()
  cleanup(async () => {
    await smtp.stop()
    await deleteJobsOf(migration.id)
    await db.from('webhook_events').where('event_id', eventId).delete()
    await migration.delete()
  })
  const env = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }

  const first = startWorker(env)
  await smtp.stalled
  const during = await confirmationOf(migration)
  first.kill('SIGKILL')
  const { signal } = await exited(first)
  if (signal !== 'SIGKILL') throw new Error(`The first worker ended with ${signal}, not SIGKILL`)
  await leasesRunOut(migration)

  const second = startWorker(env)
  await waitFor(async () => FINISHED.includes((await migration.refresh()).status))
  second.kill('SIGTERM')
  await exited(second)
  const confirmations = smtp.received.filter(
    (mail) => mail.subject === `Your migration ${migration.migration_reference} is confirmed`
  )
  return { migration, during, after: await confirmationOf(migration), confirmations, smtp }
}

test.group('Email delivery survives a crash', () => {
  test('killed while the server stalls at RCPT (nothing handed off): the restarted worker delivers the confirmation exactly once', async ({
    assert,
    cleanup,
  }) => {
    const { migration, during, after, confirmations } = await crashAndRestart('rcpt', cleanup)

    assert.lengthOf(confirmations, 1)
    assert.include(migration, { email_status: 'sent', status: 'completed' })
    assert.include(
      confirmations[0].html as string,
      'Your 2 policy documents are attached to this email.'
    )
    assert.deepInclude(during, { status: 'sending', attempts: 1, handedOff: false })
    assert.deepEqual(after, { id: during.id, status: 'sent', attempts: 2, handedOff: true })
  }).timeout(120_000)

  test('killed after the message was handed off, before the server answered: the delivery is unknown, never resent, and the migration says so', async ({
    assert,
    cleanup,
  }) => {
    const { migration, during, after, confirmations, smtp } = await crashAndRestart('data', cleanup)

    assert.lengthOf(confirmations, 0)
    assert.include(migration, { email_status: 'unknown', status: 'completed_with_warnings' })
    assert.deepInclude(during, { status: 'sending', attempts: 1, handedOff: true })
    assert.deepEqual(after, { id: during.id, status: 'unknown', attempts: 1, handedOff: true })
    assert.lengthOf(
      smtp.received.filter((mail) =>
        mail.subject?.startsWith(`Migration ${migration.migration_reference} completed`)
      ),
      1
    )

    const admin = new CookieClient()
    assert.equal((await admin.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const detail = await admin.get(`/api/admin/migrations/${migration.id}`)
    assert.equal(detail.status, 200)
    assert.equal(detail.body.migration.email_status, 'unknown')
    assert.containsSubset(detail.body.migration.email_deliveries, [
      {
        email_type: 'migration_confirmation',
        status: 'unknown',
        attempts: 1,
        needs_attention: true,
      },
      { email_type: 'admin_notification', status: 'sent', attempts: 1, needs_attention: false },
    ])
  }).timeout(120_000)
})

test.group('Email delivery: one sender at a time', () => {
  test('the same once-only email sent by two senders at the same moment reaches the server once', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    const { migration, principal } = await createPendingMigration()
    cleanup(async () => {
      await smtp.stop()
      await migration.delete()
    })
    const email = {
      type: 'migration_confirmation' as const,
      to: 'anna.schmidt@corp.example.com',
      variables: { migration_reference: migration.migration_reference },
      migrationId: migration.id,
      memberId: principal.id,
      once: true,
    }

    const outcomes = await Promise.all([sendTemplatedEmail(email), sendTemplatedEmail(email)])

    assert.sameMembers(
      outcomes.map((outcome) => outcome.status),
      ['sent', 'in_progress']
    )
    assert.lengthOf(smtp.received, 1)
    const rows = await EmailDelivery.query().where('migration_id', migration.id)
    assert.deepEqual(
      rows.map((row) => [row.status, row.attempts]),
      [['sent', 1]]
    )
    assert.equal((await sendTemplatedEmail(email)).status, 'already_sent')
  })
})
