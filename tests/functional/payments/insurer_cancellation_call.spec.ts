import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { handleCoverageLapse } from '#modules/dunning/index'
import { ApiConfiguration, createFulfilmentWorker } from '#modules/fulfilment/index'
import { TEST_ADMIN } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { CookieClient } from '#tests/helpers/cookie_client'
import { InsurerApi } from '#tests/helpers/insurer_api'
import { deleteJobsOf } from '#tests/helpers/worker_child'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'

/**
 * The insurer cancellation call of a cancelled coverage, per enrolled member,
 * through the integration outbox like the enrolment: skipped with its reason where no
 * cancellation endpoint is configured; retried, then in dead letter, then replayed once with
 * the same Idempotency-Key when the insurer fails. Committed data (real requests); each test
 * removes what it made.
 */
const stripe = new StripeDouble()
const insurer = new InsurerApi()
const FAMILY = ['DEMO-1001', 'DEMO-1001-S']

async function signedInAdmin() {
  const admin = new CookieClient()
  if ((await admin.post('/api/admin/login', TEST_ADMIN)).status !== 200)
    throw new Error('admin sign-in failed')
  return admin
}

/** A paid, fulfilled (and so enrolled) migration of DEMO-1001 and the spouse, with an insurer API whose cancellation endpoint is `cancellationUrl`. */
async function enrolledMigration(
  cleanup: (fn: () => Promise<void>) => void,
  cancellationUrl: string | null
) {
  insurer.calls = []
  const config = await ApiConfiguration.create({
    name: 'DHIG',
    endpoint_url: insurer.url,
    cancellation_endpoint_url: cancellationUrl,
    auth_type: 'none',
    auth_config: null,
    timeout_ms: 3000,
    enabled: true,
  })
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
    await config.delete()
    await Member.query()
      .whereIn('member_id', FAMILY)
      .update({ dhig_person_id: null, dhig_member_id: null })
    insurer.cancellationsFail = false
  })
  await createFulfilmentWorker().drain()
  await migration.refresh()
  return { migration, config }
}

async function cancel(admin: CookieClient, migrationId: number) {
  const answer = await admin.post(`/api/admin/migrations/${migrationId}/cancellation`, {
    reason: 'Moved abroad',
    effectiveOn: DateTime.utc().toISODate()!,
  })
  if (answer.status !== 201) throw new Error(`cancel failed: ${answer.status} ${answer.text}`)
  await createFulfilmentWorker().drain()
}

/** The job's next retry is due now (time moved forward), then the worker runs what is due. */
async function nextRetryNow(jobId: number) {
  await db
    .from('jobs')
    .where('id', jobId)
    .update({ run_at: DateTime.local().minus({ seconds: 1 }).toFormat('yyyy-MM-dd HH:mm:ss') })
  await createFulfilmentWorker().drain()
}

const cancellationCalls = (outbox: any) =>
  outbox.calls.filter((call: any) => call.call_type === 'cancellation')

test.group('Insurer cancellation call', (group) => {
  group.setup(serveStripeDouble(stripe))
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })

  test('no cancellation endpoint configured: nothing sent, each enrolled member skipped with its reason in the outbox and the API logs', async ({
    assert,
    cleanup,
  }) => {
    const { migration } = await enrolledMigration(cleanup, null)
    const admin = await signedInAdmin()
    await cancel(admin, migration.id)
    assert.lengthOf(insurer.cancellations, 0)
    const reason = 'Skipped: DHIG has no cancellation endpoint configured'
    const outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    assert.deepEqual(
      cancellationCalls(outbox).map((call: any) => [
        call.member_id,
        call.state,
        call.attempts,
        call.last_error,
        call.job_id,
      ]),
      [
        ['DEMO-1001', 'skipped', 0, reason, null],
        ['DEMO-1001-S', 'skipped', 0, reason, null],
      ]
    )
    const logs = (await admin.get(`/api/admin/migrations/${migration.id}/api-logs`)).body
    assert.deepEqual(
      logs.logs
        .filter((log: any) => log.call_type === 'cancellation')
        .map((log: any) => [
          log.member_id,
          log.skipped,
          log.success,
          log.error_message,
          log.request_payload.cause,
        ]),
      [
        ['DEMO-1001', true, false, reason, 'cancelled'],
        ['DEMO-1001-S', true, false, reason, 'cancelled'],
      ]
    )
    assert.deepEqual(logs.summary, { calls: 2, succeeded: 2, failed: 0, attempts: 2 })
  }).timeout(90_000)

  test('a failing insurer: the call is retried by its job until dead letter with the same Idempotency-Key; Replay sends it once more', async ({
    assert,
    cleanup,
  }) => {
    const { migration, config } = await enrolledMigration(cleanup, insurer.cancellationUrl)
    insurer.cancellationsFail = true
    const admin = await signedInAdmin()
    await cancel(admin, migration.id)
    let outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    const principalCall = () =>
      cancellationCalls(outbox).find((call: any) => call.member_id === 'DEMO-1001')
    const key = `insurer-cancellation:${migration.migration_reference}:DEMO-1001:cancelled:${config.id}`
    assert.include(principalCall(), {
      state: 'retrying',
      attempts: 1,
      response_status: 503,
      last_error: 'HTTP 503',
      idempotency_key: key,
    })
    const jobId = principalCall().job_id
    for (let retry = 0; retry < 4; retry++) await nextRetryNow(jobId)
    outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    assert.include(principalCall(), { state: 'dead_letter', attempts: 5, next_retry_at: null })
    const principalAttempts = insurer.cancellations.filter(
      (call) => call.body.member.memberId === 'DEMO-1001'
    )
    assert.lengthOf(principalAttempts, 5)
    assert.deepEqual(
      [...new Set(principalAttempts.map((call) => call.headers['idempotency-key']))],
      [key]
    )
    const letters = (await admin.get('/api/admin/dead-letters?limit=100')).body
    assert.deepInclude(
      letters.items.map((item: any) => [
        item.id,
        item.label,
        item.member_id,
        item.attempts,
        item.idempotency_key,
        item.replayable,
      ]),
      [jobId, 'Insurer cancellation call', 'DEMO-1001', 5, key, true]
    )

    insurer.cancellationsFail = false
    insurer.calls = []
    assert.equal((await admin.post(`/api/admin/outbox/${jobId}/replay`)).status, 202)
    await createFulfilmentWorker().drain()
    assert.deepEqual(
      insurer.cancellations.map((call) => [
        call.body.member.memberId,
        call.headers['idempotency-key'],
      ]),
      [['DEMO-1001', key]]
    )
    outbox = (await admin.get(`/api/admin/migrations/${migration.id}/outbox`)).body
    assert.include(principalCall(), { state: 'succeeded', attempts: 6 })
  }).timeout(120_000)

  test('a lapse tells the insurer through the same call (cause lapsed), and says so in its notice; run again, nothing is sent twice', async ({
    assert,
    cleanup,
  }) => {
    const { migration, config } = await enrolledMigration(cleanup, insurer.cancellationUrl)
    const first = await handleCoverageLapse(migration.id)
    assert.deepEqual(first.insurer, {
      status: 'queued',
      detail: 'The insurer cancellation call is queued for 2 members.',
    })
    await createFulfilmentWorker().drain()
    await handleCoverageLapse(migration.id)
    await createFulfilmentWorker().drain()
    const ref = migration.migration_reference
    assert.deepEqual(
      insurer.cancellations.map((call) => [
        call.body.member.memberId,
        call.body.cause,
        call.body.effectiveOn,
        call.headers['idempotency-key'],
      ]),
      [
        ['DEMO-1001', 'lapsed', null, `insurer-cancellation:${ref}:DEMO-1001:lapsed:${config.id}`],
        [
          'DEMO-1001-S',
          'lapsed',
          null,
          `insurer-cancellation:${ref}:DEMO-1001-S:lapsed:${config.id}`,
        ],
      ]
    )
  }).timeout(90_000)
})
