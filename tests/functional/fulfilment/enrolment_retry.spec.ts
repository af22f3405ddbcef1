import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import MigrationMember from '#modules/migrations/models/migration_member'
import { Member } from '#modules/members/index'
import { ApiConfiguration, ApiLog, createFulfilmentWorker } from '#modules/fulfilment/index'
import { TEST_ADMIN } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { InsurerApi } from '#tests/helpers/insurer_api'
import { CookieClient } from '#tests/helpers/cookie_client'
import { fireTimes } from '#tests/helpers/simultaneous'
import { deleteJobsOf } from '#tests/helpers/worker_child'

const FAMILY = ['DEMO-1001', 'DEMO-1001-S', 'DEMO-1001-C1', 'DEMO-1001-C2']
const insurer = new InsurerApi()

/**
 * Committed data (no rolled-back transaction): the retries are real HTTP
 * requests on their own connections. The group removes what it created and
 * clears the insurer ids it gave the demo family.
 */
test.group('Enrolment retry is idempotent per member', (group) => {
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })

  test('after one child failed, two simultaneous retries call the insurer once, for that child only, with its first Idempotency-Key', async ({
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
    const { migration, eventId } = await createPaidMigration()
    cleanup(async () => {
      await deleteJobsOf(migration.id)
      await db.from('webhook_events').where('event_id', eventId).delete()
      await migration.delete()
      await config.delete()
      await Member.query()
        .whereIn('member_id', FAMILY)
        .update({ dhig_person_id: null, dhig_member_id: null })
    })
    for (const memberId of ['DEMO-1001-C1', 'DEMO-1001-C2']) {
      const child = await Member.findByOrFail('member_id', memberId)
      await MigrationMember.create({
        migration_id: migration.id,
        member_id: child.id,
        insured_full_name: child.insured_full_name,
        insured_role: child.insured_role,
        member_id_str: child.member_id,
        date_of_birth: child.date_of_birth,
        final_premium: child.final_premium,
        premium_currency: child.premium_currency,
        annual_premium: 750.72,
        calculated_premium: 750.72,
      })
    }

    insurer.failing.add('DEMO-1001-C2')
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.include(migration, { api_status: 'partial', status: 'completed_with_warnings' })
    assert.deepEqual(
      insurer.calls.map((call) => call.body.member.memberId),
      FAMILY
    )
    const firstKeys = new Map(
      insurer.calls.map((call) => [call.body.member.memberId, call.headers['idempotency-key']])
    )
    assert.equal(new Set(firstKeys.values()).size, 4)
    for (const key of firstKeys.values()) assert.match(String(key), /^[0-9a-f-]{36}:\d+$/)
    const idsBefore = await MigrationMember.query()
      .where('migration_id', migration.id)
      .orderBy('id')
    assert.deepEqual(
      idsBefore.map((m) => m.dhig_person_id),
      ['PER-DEMO-1001', 'PER-DEMO-1001-S', 'PER-DEMO-1001-C1', null]
    )

    // The insurer recovers; it would hand out new ids (PER-…-2) to anyone enrolled a second time.
    insurer.failing.clear()
    insurer.calls = []
    const admin = new CookieClient()
    assert.equal((await admin.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const answers = await fireTimes(2, () => ({
      method: 'POST',
      path: `/api/admin/migrations/${migration.id}/retry-api`,
      body: {},
      headers: admin.sessionHeaders(),
    }))

    // Overlapping, the second finds the first's claim (409); arriving after the first ended, it
    // runs the step again and finds everyone enrolled (200, nobody called): both were seen in
    // clean-clone runs. Either way the insurer is called once, below.
    assert.include(
      answers.map((answer) => answer.status),
      200
    )
    for (const answer of answers) {
      if (answer.status === 409)
        assert.equal(
          answer.body.error,
          'Fulfilment of this migration is still running. Try again in a moment.'
        )
      else assert.deepEqual(answer.body, { success: true, count: 4, error: null })
    }
    assert.deepEqual(
      insurer.calls.map((call) => call.body.member.memberId),
      ['DEMO-1001-C2']
    )
    assert.equal(insurer.calls[0].headers['idempotency-key'], firstKeys.get('DEMO-1001-C2'))

    const idsAfter = await MigrationMember.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      idsAfter.map((m) => [m.dhig_person_id, m.dhig_member_id]),
      [
        ['PER-DEMO-1001', 'DHIG-DEMO-1001'],
        ['PER-DEMO-1001-S', 'DHIG-DEMO-1001-S'],
        ['PER-DEMO-1001-C1', 'DHIG-DEMO-1001-C1'],
        ['PER-DEMO-1001-C2', 'DHIG-DEMO-1001-C2'],
      ]
    )
    assert.equal(
      (await Member.findByOrFail('member_id', 'DEMO-1001')).dhig_person_id,
      'PER-DEMO-1001'
    )
    await migration.refresh()
    assert.include(migration, { api_status: 'completed', status: 'completed' })

    const logs = await ApiLog.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      logs.map((log) => [
        log.member_id_str,
        log.attempt,
        log.success,
        log.idempotency_key === firstKeys.get(log.member_id_str!),
      ]),
      [
        ['DEMO-1001', 1, true, true],
        ['DEMO-1001-S', 1, true, true],
        ['DEMO-1001-C1', 1, true, true],
        ['DEMO-1001-C2', 1, false, true],
        ['DEMO-1001-C2', 2, true, true],
      ]
    )
  }).timeout(60_000)
})
