import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { EmailDelivery, EmailOverride } from '#modules/notifications/index'
import { Document } from '#modules/documents/index'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { startSmtpCapture } from '#tests/helpers/smtp_capture'
import { deleteJobsOf, exited, startWorker, waitFor } from '#tests/helpers/worker_child'

/**
 * The worker runs in child processes against the committed test database
 * (no rolled-back transaction here, so this group cleans up after itself)
 * and sends through a local SMTP server.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>

function startSmtpWorker(env: Record<string, string>) {
  return startWorker({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), ...env })
}

test.group('Fulfilment worker process', (group) => {
  group.setup(async () => {
    smtp = await startSmtpCapture()
    return () => smtp.stop()
  })

  test('a worker killed between steps resumes on restart; the confirmation reaches the override address once, PDFs attached', async ({
    assert,
    cleanup,
  }) => {
    const { migration, principal, eventId } = await createPaidMigration()
    await EmailOverride.create({
      member_id: principal.id,
      override_email: 'anna.override@example.org',
    })
    cleanup(async () => {
      await deleteJobsOf(migration.id)
      await db.from('webhook_events').where('event_id', eventId).delete()
      await db.from('email_overrides').where('member_id', principal.id).delete()
      await migration.delete()
    })

    const first = startSmtpWorker({ KILL_AFTER_STEP: 'documents' })
    const killed = await exited(first)
    assert.equal(killed.signal, 'SIGKILL')
    await migration.refresh()
    assert.include(migration, {
      status: 'processing',
      api_status: 'skipped',
      document_status: 'generated',
      email_status: 'pending',
    })
    assert.lengthOf(smtp.received, 0)
    const documentsBefore = await Document.query().where('migration_id', migration.id).orderBy('id')

    const second = startSmtpWorker({})
    await waitFor(async () => (await migration.refresh()).status === 'completed')
    second.kill('SIGTERM')
    await exited(second)

    const documentsAfter = await Document.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      documentsAfter.map((d) => d.created_at.toISO()),
      documentsBefore.map((d) => d.created_at.toISO())
    )
    const confirmations = smtp.received.filter(
      (mail) => mail.subject === `Your migration ${migration.migration_reference} is confirmed`
    )
    assert.lengthOf(confirmations, 1)
    assert.equal((confirmations[0].to as any).value[0].address, 'anna.override@example.org')
    assert.deepEqual(
      confirmations[0].attachments.map((a) => [a.filename, a.contentType]),
      [
        [`${migration.migration_reference}-DEMO-1001.pdf`, 'application/pdf'],
        [`${migration.migration_reference}-DEMO-1001-S.pdf`, 'application/pdf'],
      ]
    )
    assert.lengthOf(
      smtp.received.filter((mail) =>
        mail.subject?.startsWith(`Migration ${migration.migration_reference} completed`)
      ),
      1
    )
    const deliveries = await EmailDelivery.query().where('migration_id', migration.id)
    assert.deepEqual(deliveries.map((d) => [d.email_type, d.status, d.recipient]).sort(), [
      ['admin_notification', 'sent', 'admin@example.com'],
      ['migration_confirmation', 'sent', 'anna.override@example.org'],
    ])
  }).timeout(120_000)
})
