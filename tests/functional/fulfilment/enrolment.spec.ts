import { test } from '@japa/runner'
import MigrationMember from '#modules/migrations/models/migration_member'
import { Member } from '#modules/members/index'
import { AdminUser } from '#modules/admins/index'
import { ApiConfiguration, ApiLog, createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { InsurerApi } from '#tests/helpers/insurer_api'

const insurer = new InsurerApi()

test.group('Enrolment with the insurer API', (group) => {
  isolateEachTest(group)
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })
  group.each.setup(() => {
    insurer.mode = 'ok'
    insurer.calls = []
    insurer.answers.clear()
  })

  test('each member is enrolled with the bearer token and the returned ids are stored', async ({
    assert,
  }) => {
    await ApiConfiguration.create({
      name: 'DHIG',
      endpoint_url: insurer.url,
      auth_type: 'bearer',
      auth_config: { token: 'secret-token' },
      timeout_ms: 2000,
      enabled: true,
    })
    await ApiConfiguration.create({
      name: 'Disabled one',
      endpoint_url: 'http://127.0.0.1:9/never',
      auth_type: null,
      auth_config: null,
      timeout_ms: 2000,
      enabled: false,
    })
    const { migration, principal } = await createPaidMigration()

    await createFulfilmentWorker().drain()

    await migration.refresh()
    assert.include(migration, { api_status: 'completed', status: 'completed' })
    assert.lengthOf(insurer.calls, 2)
    assert.equal(insurer.calls[0].headers.authorization, 'Bearer secret-token')
    assert.deepInclude(insurer.calls[0].body, {
      migrationReference: migration.migration_reference,
      planId: '3f1c2a9e-7b4d-4e8a-9c1f-5a6b7c8d9e01',
    })
    assert.equal(insurer.calls[0].body.member.memberId, 'DEMO-1001')
    const selected = await MigrationMember.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      selected.map((m) => [m.dhig_person_id, m.dhig_member_id]),
      [
        ['PER-DEMO-1001', 'DHIG-DEMO-1001'],
        ['PER-DEMO-1001-S', 'DHIG-DEMO-1001-S'],
      ]
    )
    await principal.refresh()
    assert.equal(principal.dhig_member_id, 'DHIG-DEMO-1001')
    const logs = await ApiLog.query().where('migration_id', migration.id)
    assert.lengthOf(logs, 2)
    assert.include(logs[0].serializeForAdmin(), {
      api_name: 'DHIG',
      success: true,
      response_status: 201,
      member_id: 'DEMO-1001',
    })
    assert.notInclude(logs[0].request_payload!, 'secret-token')
  })

  test('a 500 fails the step with warnings; retry-api after recovery completes it and the log keeps both attempts', async ({
    client,
    assert,
  }) => {
    await ApiConfiguration.create({
      name: 'DHIG',
      endpoint_url: insurer.url,
      auth_type: 'api_key',
      auth_config: { key: 'k-123' },
      timeout_ms: 2000,
      enabled: true,
    })
    const { migration } = await createPaidMigration()
    insurer.mode = 'error'

    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.include(migration, {
      api_status: 'failed',
      document_status: 'generated',
      email_status: 'sent',
      status: 'completed_with_warnings',
    })
    assert.equal(insurer.calls[0].headers['x-api-key'], 'k-123')

    insurer.mode = 'ok'
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const retry = await client
      .post(`/api/admin/migrations/${migration.id}/retry-api`)
      .asAdmin(admin)
      .withCsrfToken()
    retry.assertStatus(200)
    retry.assertBody({ success: true, count: 2, error: null })
    await migration.refresh()
    assert.include(migration, { api_status: 'completed', status: 'completed' })

    const logs = await client.get(`/api/admin/migrations/${migration.id}/api-logs`).asAdmin(admin)
    logs.assertStatus(200)
    const entries = logs.body().logs
    assert.lengthOf(entries, 4)
    assert.deepEqual(
      entries.map((l: any) => [l.member_id, l.success, l.response_status, l.attempt]),
      [
        ['DEMO-1001', false, 500, 1],
        ['DEMO-1001-S', false, 500, 1],
        ['DEMO-1001', true, 201, 2],
        ['DEMO-1001-S', true, 201, 2],
      ]
    )
    assert.equal(entries[2].idempotency_key, entries[0].idempotency_key)
    assert.notEqual(entries[1].idempotency_key, entries[0].idempotency_key)
    // Two calls (one per member), each failed once and then succeeded: the latest attempt counts.
    assert.deepEqual(logs.body().summary, { calls: 2, succeeded: 2, failed: 0, attempts: 4 })
    assert.deepEqual(logs.body().migration, {
      id: migration.id,
      migration_reference: migration.migration_reference,
      insured_full_name: migration.insured_full_name,
      member_id_str: migration.member_id_str,
    })
    assert.equal(entries[0].error_message, 'HTTP 500')
    assert.deepEqual(entries[0].response_payload, { error: 'Enrolment backend unavailable' })
    assert.equal(entries[2].request_payload.member.fullName, 'Anna Schmidt')
    assert.equal(entries[2].response_payload.memberId, 'DHIG-DEMO-1001')
    assert.equal(
      (await Member.findByOrFail('member_id', 'DEMO-1001-S')).dhig_person_id,
      'PER-DEMO-1001-S'
    )
  })

  test('an insurer id once stored is kept when a later answer (a second configuration) carries another', async ({
    assert,
  }) => {
    const first = await ApiConfiguration.create({
      name: 'DHIG',
      endpoint_url: insurer.url,
      auth_type: 'none',
      auth_config: null,
      timeout_ms: 2000,
      enabled: true,
    })
    const second = await ApiConfiguration.create({
      name: 'DHIG mirror',
      endpoint_url: insurer.url,
      auth_type: 'none',
      auth_config: null,
      timeout_ms: 2000,
      enabled: true,
    })
    const { migration, principal } = await createPaidMigration()

    await createFulfilmentWorker().drain()

    // The same test insurer answers each member's second enrolment with new ids (PER-…-2).
    assert.deepEqual(
      insurer.calls.map((call) => call.body.member.memberId),
      ['DEMO-1001', 'DEMO-1001-S', 'DEMO-1001', 'DEMO-1001-S']
    )
    const keys = insurer.calls.map((call) => call.headers['idempotency-key'])
    assert.isTrue(
      String(keys[0]).endsWith(`:${first.id}`) && String(keys[2]).endsWith(`:${second.id}`)
    )
    assert.equal(String(keys[0]).split(':')[0], String(keys[2]).split(':')[0])
    const selected = await MigrationMember.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      selected.map((m) => [m.dhig_person_id, m.dhig_member_id]),
      [
        ['PER-DEMO-1001', 'DHIG-DEMO-1001'],
        ['PER-DEMO-1001-S', 'DHIG-DEMO-1001-S'],
      ]
    )
    await principal.refresh()
    assert.equal(principal.dhig_person_id, 'PER-DEMO-1001')
  })

  test('a time-out fails the step and the migration completes with warnings', async ({
    assert,
  }) => {
    await ApiConfiguration.create({
      name: 'Slow insurer',
      endpoint_url: insurer.url,
      auth_type: 'none',
      auth_config: null,
      timeout_ms: 300,
      enabled: true,
    })
    const { migration } = await createPaidMigration()
    insurer.mode = 'hang'

    await createFulfilmentWorker().drain()

    await migration.refresh()
    assert.include(migration, { api_status: 'failed', status: 'completed_with_warnings' })
    const log = await ApiLog.query().where('migration_id', migration.id).firstOrFail()
    assert.include(log.serializeForAdmin(), {
      success: false,
      response_status: null,
      error_message: 'Timed out after 300 ms',
    })
    assert.isNull(log.response_payload)
  })

  test('without an enabled configuration enrolment is skipped', async ({ assert }) => {
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.include(migration, { api_status: 'skipped', status: 'completed' })
    assert.lengthOf(insurer.calls, 0)
  })

  test("the API logs show what went over the wire: an insurer's answer of any shape, or its text, as it came", async ({
    assert,
    client,
  }) => {
    const { migration } = await createPaidMigration()
    const base = {
      migration_id: migration.id,
      api_name: 'DHIG enrolment',
      member_name: 'Anna Schmidt',
      member_id_str: 'DEMO-1001',
      endpoint: 'https://dhig.example.com/enrol',
      request_payload: JSON.stringify({ memberId: 'DEMO-1001', legacyField: true }),
    }
    const answered = { personId: 'P-1', policy: { number: 'POL-9', tiers: [1, 2] }, extra: 'kept' }
    await ApiLog.create({
      ...base,
      success: true,
      response_status: 201,
      response_payload: JSON.stringify(answered),
    })
    await ApiLog.create({
      ...base,
      success: false,
      response_status: 502,
      response_payload: 'Bad Gateway',
    })
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const logs = await client.get(`/api/admin/migrations/${migration.id}/api-logs`).asAdmin(admin)
    logs.assertStatus(200)
    assert.deepEqual(
      logs.body().logs.map((log: any) => [log.request_payload, log.response_payload]),
      [
        [{ memberId: 'DEMO-1001', legacyField: true }, answered],
        [{ memberId: 'DEMO-1001', legacyField: true }, 'Bad Gateway'],
      ]
    )
  })
})
