import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { ApiConfiguration, createFulfilmentWorker } from '#modules/fulfilment/index'
import { InsurerApi } from '#tests/helpers/insurer_api'
import { TEST_ADMIN } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { CookieClient } from '#tests/helpers/cookie_client'
import { countStatuses, fireTimes } from '#tests/helpers/simultaneous'
import { deleteJobsOf } from '#tests/helpers/worker_child'
import { outboxMessages } from '#tests/helpers/outbox'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { writeFile } from 'node:fs/promises'
import { pdfText } from '#tests/helpers/pdf_text'
import { testTmpPath } from '#tests/helpers/test_paths'

/**
 * Cancel coverage and Withdraw under simultaneous requests (real HTTP requests on their own connections, so
 * committed data; each test removes what it made): ten Cancel coverage or ten Withdraw → one
 * cancellation, one refund at the provider.
 */
const stripe = new StripeDouble()
const insurer = new InsurerApi()
const FAMILY = ['DEMO-1001', 'DEMO-1001-S']

/** An insurer API with enrolment and cancellation endpoints (the local double), removed after the test. */
async function insurerWithCancellation(cleanup: (fn: () => Promise<void>) => void) {
  insurer.calls = []
  const config = await ApiConfiguration.create({
    name: 'DHIG',
    endpoint_url: insurer.url,
    cancellation_endpoint_url: insurer.cancellationUrl,
    auth_type: 'none',
    auth_config: null,
    timeout_ms: 3000,
    enabled: true,
  })
  cleanup(async () => {
    await config.delete()
  })
  return config
}

/** One cancellation call per enrolled member at the insurer, each with its own stable Idempotency-Key. */
function cancellationCalls() {
  return insurer.cancellations.map((call) => [
    call.body.member.memberId,
    call.body.cause,
    call.headers['idempotency-key'],
  ])
}

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

async function signedIn(path: string, body: Record<string, string>) {
  const session = new CookieClient()
  const answer = await session.post(path, body)
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`)
  return session
}

test.group('Cancellation under simultaneous requests', (group) => {
  group.setup(serveStripeDouble(stripe))
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })

  test('10 simultaneous Cancel coverage: one 201 and nine 200 with the same cancellation, one refund at Stripe, one audit entry, one insurer cancellation call per enrolled member', async ({
    assert,
    cleanup,
  }) => {
    const config = await insurerWithCancellation(cleanup)
    const migration = await fulfilledMigration(cleanup)
    assert.lengthOf(insurer.calls, 2) // enrolled: the principal and the spouse
    const admin = await signedIn('/api/admin/login', TEST_ADMIN)
    const before = stripe.calls('POST /v1/refunds').length
    const today = DateTime.utc().toISODate()!
    const answers = await fireTimes(10, () => ({
      method: 'POST',
      path: `/api/admin/migrations/${migration.id}/cancellation`,
      body: { reason: 'Moved abroad', effectiveOn: today },
      headers: admin.sessionHeaders(),
    }))
    assert.deepEqual(countStatuses(answers), { 201: 1, 200: 9 })
    assert.lengthOf(new Set(answers.map((answer) => answer.body.cancellation.id)), 1)
    assert.lengthOf(await db.from('coverage_cancellations').where('migration_id', migration.id), 1)
    assert.lengthOf(
      await db
        .from('jobs')
        .where('type', 'fulfilment.coverage_cancellation')
        .where('migration_id', migration.id),
      1
    )
    await createFulfilmentWorker().drain()
    assert.lengthOf(stripe.calls('POST /v1/refunds').slice(before), 1)
    assert.lengthOf(await db.from('payment_refunds').where('migration_id', migration.id), 1)
    assert.lengthOf(
      await db
        .from('audit_entries')
        .where('action', 'coverage.cancelled')
        .where('entity_id', String(migration.id)),
      1
    )
    const mails = await outboxMessages(
      `Your coverage ${migration.migration_reference} is cancelled`
    )
    assert.lengthOf(mails, 1)
    // With the PDF attached the message is multipart/mixed: its words are read from the HTML part.
    const body = String(mails[0].text || mails[0].html)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
    assert.include(body, 'Reason: Moved abroad')
    assert.match(body, /We\s+refund\s+EUR\s+4,316\.64/)
    await migration.refresh()
    assert.deepEqual([migration.status, migration.payment_status], ['cancelled', 'refunded'])
    const ref = migration.migration_reference
    // The cancellation confirmation PDF, attached once to the one email.
    assert.deepEqual(
      mails[0].attachments.map((file) => file.filename),
      [`cancellation-${ref}.pdf`]
    )
    const file = testTmpPath(`cancellation-${ref}.pdf`)
    await writeFile(file, mails[0].attachments[0].content)
    const text = await pdfText(file)
    const date = DateTime.utc().toFormat('dd.MM.yyyy')
    for (const line of [
      `Cancellation Confirmation Dear Anna Schmidt, this document confirms the cancellation of your coverage under reference ${ref}. Your cover ends at the end of ${date}.`,
      'Member Anna Schmidt (DEMO-1001)',
      `Reference ${ref}`,
      'Coverage Global Health Gold (Gold Plus 2027) – Gold',
      'Persons covered Anna Schmidt, Jonas Schmidt',
      `Effective date ${date}`,
      `Covered until ${date}`,
      'Refund amount EUR 4,316.64',
      'Currency EUR',
      'Reason Moved abroad',
    ])
      assert.include(text, line)
    assert.lengthOf(
      await db
        .from('documents')
        .where('migration_id', migration.id)
        .where('document_type', 'cancellation_confirmation'),
      1
    )
    assert.deepEqual(cancellationCalls(), [
      ['DEMO-1001', 'cancelled', `insurer-cancellation:${ref}:DEMO-1001:cancelled:${config.id}`],
      [
        'DEMO-1001-S',
        'cancelled',
        `insurer-cancellation:${ref}:DEMO-1001-S:cancelled:${config.id}`,
      ],
    ])
    assert.deepInclude(insurer.cancellations[0].body, {
      migrationReference: ref,
      effectiveOn: today,
      reason: 'Moved abroad',
    })
    const outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    assert.deepEqual(
      outbox.calls
        .filter((call: any) => call.call_type === 'cancellation')
        .map((call: any) => [call.member_id, call.state, call.attempts, call.response_status]),
      [
        ['DEMO-1001', 'succeeded', 1, 200],
        ['DEMO-1001-S', 'succeeded', 1, 200],
      ]
    )
  }).timeout(90_000)

  test('10 simultaneous Withdraw by the member: one withdrawal, one refund at Stripe, one insurer call per member; afterwards the member area says until when they were covered', async ({
    assert,
    cleanup,
  }) => {
    const config = await insurerWithCancellation(cleanup)
    const migration = await fulfilledMigration(cleanup)
    const member = await signedIn('/api/auth/login', {
      memberId: 'DEMO-1001',
      dateOfBirth: '1980-04-15',
    })
    const offer = await member.get('/api/member/withdrawal')
    const today = DateTime.utc().toISODate()!
    assert.deepInclude(offer.body, { withdrawal: null })
    assert.deepInclude(offer.body.offer, {
      refundCents: 431664,
      currency: 'EUR',
      coveredUntil: today,
    })
    const before = stripe.calls('POST /v1/refunds').length
    const answers = await fireTimes(10, () => ({
      method: 'POST',
      path: '/api/member/withdrawal',
      body: {},
      headers: member.sessionHeaders(),
    }))
    assert.deepEqual(countStatuses(answers), { 200: 10 })
    assert.lengthOf(await db.from('coverage_cancellations').where('migration_id', migration.id), 1)
    await createFulfilmentWorker().drain()
    assert.lengthOf(stripe.calls('POST /v1/refunds').slice(before), 1)
    assert.lengthOf(
      await db
        .from('audit_entries')
        .where('action', 'coverage.withdrawn')
        .where('entity_id', String(migration.id))
        .where('actor', 'member:DEMO-1001'),
      1
    )
    const area = await member.get('/api/member/area')
    assert.deepInclude(
      area.body.documents.map((document: any) => document.fileName),
      `cancellation-${migration.migration_reference}.pdf`
    )
    const after = await member.get('/api/member/withdrawal')
    assert.deepEqual(after.body.offer, null)
    assert.deepInclude(after.body.withdrawal, {
      coveredUntil: today,
      refundCents: 431664,
      currency: 'EUR',
      status: 'completed',
    })
    assert.isString(after.body.supportEmail)
    assert.lengthOf(
      await outboxMessages(`Your coverage ${migration.migration_reference} is cancelled`),
      1
    )
    await migration.refresh()
    assert.deepEqual([migration.status, migration.payment_status], ['cancelled', 'refunded'])
    const ref = migration.migration_reference
    assert.deepEqual(cancellationCalls(), [
      ['DEMO-1001', 'withdrawn', `insurer-cancellation:${ref}:DEMO-1001:withdrawn:${config.id}`],
      [
        'DEMO-1001-S',
        'withdrawn',
        `insurer-cancellation:${ref}:DEMO-1001-S:withdrawn:${config.id}`,
      ],
    ])
  }).timeout(90_000)
})
