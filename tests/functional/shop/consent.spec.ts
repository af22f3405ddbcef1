import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { Member } from '#modules/members/index'
import { Migration, MigrationConsent } from '#modules/migrations/index'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { fireTimes } from '#tests/helpers/simultaneous'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { outboxMessages } from '#tests/helpers/outbox'
import { demoAdmin } from '#tests/helpers/admin_session'
import { CONSENT_MISSING } from '../../../shared_data/consent_texts.js'

const SELECTION = { durationType: '12_months', currency: 'EUR' }

async function anna() {
  return Member.findByOrFail('member_id', 'DEMO-1001')
}

test.group('Consent before payment (sandbox provider)', (group) => {
  isolateEachTest(group)

  test('sandbox confirm without a recorded consent answers 422 and takes no payment', async ({
    client,
    assert,
  }) => {
    const principal = await anna()
    const created = (
      await client
        .post('/api/migration/create')
        .json({ memberIds: [principal.id], ...SELECTION, paymentFrequency: 'one-time' })
        .asMember(principal)
        .withCsrfToken()
    ).body()
    const confirm = await client
      .post(`/api/migration/${created.migrationId}/sandbox-confirm`)
      .asMember(principal)
      .withCsrfToken()
    confirm.assertStatus(422)
    assert.equal(
      confirm.body().error,
      'Please accept the policy conditions (and, for installments, the recurring-payment authorisation) before paying: no consent was recorded for this checkout.'
    )
    assert.equal(confirm.body().error, CONSENT_MISSING)
    const migration = await Migration.findOrFail(created.migrationId)
    assert.include(migration.$attributes, { status: 'pending', payment_status: 'pending' })
  })

  test('the consent call records text version, words, language, time, member and IP; then the payment goes through', async ({
    client,
    assert,
  }) => {
    const principal = await anna()
    const created = (
      await client
        .post('/api/migration/create')
        .json({ memberIds: [principal.id], ...SELECTION, paymentFrequency: 'quarterly' })
        .asMember(principal)
        .withCsrfToken()
    ).body()
    assert.equal(created.consentTerms.textVersion, 'conditions-recurring-2026-12')
    assert.include(created.consentTerms.text, 'Global Health Gold (Gold Plus 2027) – Gold')
    assert.match(
      created.consentTerms.text,
      /I authorise the charge of 4 payments to my card: EUR [\d,.]+ on \d\d\.\d\d\.\d{4}, /
    )
    assert.include(created.consentTerms.text, 'within 14 days of the first payment')

    const wrong = await client
      .post(`/api/migration/${created.migrationId}/consent`)
      .json({ textVersion: 'conditions-2026-11', language: 'en' })
      .asMember(principal)
      .withCsrfToken()
    wrong.assertStatus(422)
    assert.equal(
      wrong.body().error,
      'The conditions of this checkout have changed. Please reload the page and accept them again.'
    )

    const before = DateTime.utc().minus({ seconds: 1 })
    const response = await client
      .post(`/api/migration/${created.migrationId}/consent`)
      .json({ textVersion: created.consentTerms.textVersion, language: 'en' })
      .asMember(principal)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      success: true,
      consent: {
        textVersion: 'conditions-recurring-2026-12',
        language: 'en',
        text: created.consentTerms.text,
      },
    })
    assert.match(response.body().clientSecret, /^pi_sandbox_/)
    const [row] = await MigrationConsent.query().where('migration_id', created.migrationId)
    assert.include(row.$attributes, {
      member_id: principal.id,
      text_version: 'conditions-recurring-2026-12',
      language: 'en',
      accepted_text: created.consentTerms.text,
    })
    assert.match(row.ip, /^(::ffff:)?127\.0\.0\.1$|^::1$/)
    assert.isTrue(
      row.accepted_at >= before && row.accepted_at <= DateTime.utc().plus({ seconds: 1 })
    )
    ;(
      await client
        .post(`/api/migration/${created.migrationId}/sandbox-confirm`)
        .asMember(principal)
        .withCsrfToken()
    ).assertStatus(200)

    // The confirmation email names the coverage and repeats what was accepted, with its version.
    await createFulfilmentWorker().drain()
    const [confirmation] = await outboxMessages(
      `Your migration ${created.migrationReference} is confirmed`
    )
    const text = String(confirmation.html)
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;|&#34;/g, '"')
      .replace(/\s+/g, ' ')
    assert.include(text, 'to Global Health Gold (Gold Plus 2027) – Gold is confirmed')
    assert.include(
      text,
      '(version conditions-recurring-2026-12): "I have read the policy conditions'
    )
    assert.include(
      text,
      'I can stop the future payments at any time with Stop future payments in my member area'
    )

    // The back-office migration detail shows the record.
    const detail = await client
      .get(`/api/admin/migrations/${created.migrationId}/consents`)
      .asAdmin(await demoAdmin())
    detail.assertStatus(200)
    assert.containsSubset(detail.body().consents, [
      {
        textVersion: 'conditions-recurring-2026-12',
        language: 'en',
        text: created.consentTerms.text,
      },
    ])
  })

  test("a consent for another member's checkout is 404, a bad language 422", async ({ client }) => {
    const principal = await anna()
    const other = await Member.findByOrFail('member_id', 'DEMO-1002')
    const created = (
      await client
        .post('/api/migration/create')
        .json({ memberIds: [principal.id], ...SELECTION, paymentFrequency: 'one-time' })
        .asMember(principal)
        .withCsrfToken()
    ).body()
    ;(
      await client
        .post(`/api/migration/${created.migrationId}/consent`)
        .json({ textVersion: created.consentTerms.textVersion, language: 'en' })
        .asMember(other)
        .withCsrfToken()
    ).assertStatus(404)
    ;(
      await client
        .post(`/api/migration/${created.migrationId}/consent`)
        .json({ textVersion: created.consentTerms.textVersion, language: 'xx' })
        .asMember(principal)
        .withCsrfToken()
    ).assertStatus(422)
  })
})

test.group('Consent: simultaneous calls', () => {
  test('10 simultaneous consent calls record one consent', async ({ assert, cleanup }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const session = await family.signIn()
    const created = await session.post('/api/migration/create', {
      memberIds: [family.member.id],
      ...SELECTION,
      paymentFrequency: 'one-time',
    })
    assert.equal(created.status, 200)
    const { migrationId, consentTerms } = created.body

    const answers = await fireTimes(10, () => ({
      path: `/api/migration/${migrationId}/consent`,
      body: { textVersion: consentTerms.textVersion, language: 'en' },
      headers: session.sessionHeaders(),
    }))

    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(10).fill(200)
    )
    const acceptedAt = new Set(answers.map((answer) => answer.body.consent.acceptedAt))
    assert.equal(acceptedAt.size, 1)
    assert.lengthOf(await MigrationConsent.query().where('migration_id', migrationId), 1)
  }).timeout(60_000)
})
