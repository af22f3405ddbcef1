import { test } from '@japa/runner'
import { fork, type ChildProcess } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import db from '@adonisjs/lucid/services/db'
import { EmailDelivery, EmailOverride } from '#modules/notifications/index'
import { Document } from '#modules/fulfilment/index'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'

/**
 * The worker runs in child processes against the committed test database
 * (no rolled-back transaction here, so this group cleans up after itself)
 * and sends through a local SMTP server.
 */
const received: ParsedMail[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      received.push(mail)
      callback()
    }, callback)
  },
})

function startWorker(env: Record<string, string>): ChildProcess {
  const port = (smtp.server.address() as AddressInfo).port
  return fork('tests/helpers/worker_process.ts', [], {
    execArgv: ['--no-warnings', '--import=ts-node-maintained/register/esm'],
    env: { ...process.env, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
}

function exited(child: ChildProcess) {
  return new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 40_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('Timed out waiting for the worker')
}

test.group('Fulfilment worker process', (group) => {
  group.setup(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    return () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  test('a worker killed between steps resumes on restart; the confirmation reaches the override address once, PDFs attached', async ({ assert, cleanup }) => {
    const { migration, principal, eventId } = await createPaidMigration()
    await EmailOverride.create({ member_id: principal.id, override_email: 'anna.override@example.org' })
    cleanup(async () => {
      await db.from('jobs').where('payload', 'like', `%"migrationId":${migration.id}}%`).orWhere('payload', 'like', `%"migrationId":${migration.id},%`).delete()
      await db.from('webhook_events').where('event_id', eventId).delete()
      await db.from('email_overrides').where('member_id', principal.id).delete()
      await migration.delete()
    })

    const first = startWorker({ KILL_AFTER_STEP: 'documents' })
    const killed = await exited(first)
    assert.equal(killed.signal, 'SIGKILL')
    await migration.refresh()
    assert.include(migration, { status: 'processing', api_status: 'skipped', document_status: 'generated', email_status: 'pending' })
    assert.lengthOf(received, 0)
    const documentsBefore = await Document.query().where('migration_id', migration.id).orderBy('id')

    const second = startWorker({})
    await waitFor(async () => (await migration.refresh()).status === 'completed')
    second.kill('SIGTERM')
    await exited(second)

    const documentsAfter = await Document.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(documentsAfter.map((d) => d.created_at.toISO()), documentsBefore.map((d) => d.created_at.toISO()))
    const confirmations = received.filter((mail) => mail.subject === `Your migration ${migration.migration_reference} is confirmed`)
    assert.lengthOf(confirmations, 1)
    assert.equal((confirmations[0].to as any).value[0].address, 'anna.override@example.org')
    assert.deepEqual(
      confirmations[0].attachments.map((a) => [a.filename, a.contentType]),
      [
        [`${migration.migration_reference}-DEMO-1001.pdf`, 'application/pdf'],
        [`${migration.migration_reference}-DEMO-1001-S.pdf`, 'application/pdf'],
      ]
    )
    assert.lengthOf(received.filter((mail) => mail.subject?.startsWith(`Migration ${migration.migration_reference} completed`)), 1)
    const deliveries = await EmailDelivery.query().where('migration_id', migration.id)
    assert.deepEqual(deliveries.map((d) => [d.email_type, d.status, d.recipient]).sort(), [
      ['admin_notification', 'sent', 'admin@example.com'],
      ['migration_confirmation', 'sent', 'anna.override@example.org'],
    ])
  }).timeout(120_000)
})
