import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Subscription } from '#modules/payments/index'
import { ApiConfiguration, createFulfilmentWorker } from '#modules/fulfilment/index'
import { consentTo } from '#tests/helpers/consent'
import { CookieClient } from '#tests/helpers/cookie_client'
import { TEST_ADMIN } from '#tests/helpers/database'
import { InsurerApi } from '#tests/helpers/insurer_api'
import { outboxMessages } from '#tests/helpers/outbox'
import { pdfText } from '#tests/helpers/pdf_text'
import { countStatuses, fireTimes } from '#tests/helpers/simultaneous'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { testTmpPath } from '#tests/helpers/test_paths'
import { deleteJobsOf } from '#tests/helpers/worker_child'

/**
 * Stop future payments (docs/shop.md, "Stop future payments"; docs/pricing.md for the rule):
 * Anna Schmidt and her spouse on a quarterly EUR plan (4 × 1,079.16 = 4,316.64), the first
 * installment paid 20 days ago, so outside the 14-day cooling-off period. Committed data (the
 * burst sends real HTTP requests on their own connections); each test removes what it made.
 */
const stripe = new StripeDouble()
const insurer = new InsurerApi()
const FAMILY = ['DEMO-1001', 'DEMO-1001-S']

/** Spaces as pdftotext and Intl give them back (narrow and no-break spaces are plain spaces). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ')

async function signedInAnna() {
  const session = new CookieClient()
  const answer = await session.post('/api/auth/login', {
    memberId: 'DEMO-1001',
    dateOfBirth: '1980-04-15',
  })
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`)
  return session
}

/**
 * The quarterly plan paid through the sandbox in `language`, enrolled at the insurer double;
 * then billed by Stripe (the double knows its subscription) and its first payment moved 20 days
 * back (`paidDaysAgo`).
 */
async function quarterlyPlan(
  client: any,
  cleanup: (fn: () => Promise<void>) => void,
  options: { language: 'en' | 'de'; paidDaysAgo: number }
) {
  const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
  const spouse = await Member.findByOrFail('member_id', 'DEMO-1001-S')
  const languages = [anna.language, spouse.language]
  const created = await client
    .post('/api/migration/create')
    .header('Accept-Language', options.language)
    .json({
      memberIds: [anna.id, spouse.id],
      durationType: '12_months',
      paymentFrequency: 'quarterly',
      currency: 'EUR',
    })
    .asMember(anna)
    .withCsrfToken()
  created.assertStatus(200)
  const migrationId: number = created.body().migrationId
  cleanup(async () => {
    await deleteJobsOf(migrationId)
    await db
      .from('audit_entries')
      .where('entity_type', 'migration')
      .where('entity_id', String(migrationId))
      .delete()
    await db.from('migration_consents').where('migration_id', migrationId).delete()
    await db.from('migrations').where('id', migrationId).delete()
    await Member.query()
      .whereIn('member_id', FAMILY)
      .update({ dhig_person_id: null, dhig_member_id: null })
    await Member.query().where('id', anna.id).update({ language: languages[0] })
    await Member.query().where('id', spouse.id).update({ language: languages[1] })
  })
  await consentTo(migrationId, options.language)
  ;(
    await client
      .post(`/api/migration/${migrationId}/sandbox-confirm`)
      .asMember(anna)
      .withCsrfToken()
  ).assertStatus(200)
  await createFulfilmentWorker().drain()
  // Paid through the sandbox (its confirm route exists only without Stripe), then billed by the Stripe double.
  cleanup(await serveStripeDouble(stripe)())
  const subscription = await Subscription.findByOrFail('migration_id', migrationId)
  stripe.objects.set(subscription.provider_subscription_id, {
    id: subscription.provider_subscription_id,
    object: 'subscription',
    status: 'active',
  })
  await db.from('migrations').where('id', migrationId).update({ payment_provider: 'stripe' })
  const paidAt = DateTime.now().minus({ days: options.paidDaysAgo })
  await db
    .from('payments')
    .where('migration_id', migrationId)
    .update({ created: paidAt.toFormat('yyyy-MM-dd HH:mm:ss') })
  return { migration: await Migration.findOrFail(migrationId), subscription }
}

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

test.group('Stop future payments', (group) => {
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })

  // 10–20 s (12 s on SQLite, 22 s on MariaDB on the shared machine): a checkout with its fulfilment, ten simultaneous requests and the cancellation job with its PDF.
  test('quote to the cent; 10 simultaneous stops → one stop, one cancellation at Stripe, the insurer told once per member, one email and PDF in German; no installment due afterwards', async ({
    assert,
    client,
    cleanup,
  }) => {
    const config = await insurerWithCancellation(cleanup)
    const { migration, subscription } = await quarterlyPlan(client, cleanup, {
      language: 'de',
      paidDaysAgo: 20,
    })
    assert.lengthOf(insurer.calls, 2) // enrolled: the principal and the spouse
    const ref = migration.migration_reference
    // Installment 2 is due 3 months after the start: the cover ends the day before.
    const coveredUntil = migration.start_date.plus({ months: 3 }).minus({ days: 1 }).toISODate()!
    const anna = await signedInAnna()

    const quote = await anna.get('/api/member/stop-payments')
    assert.equal(quote.status, 200)
    assert.deepEqual(quote.body.quote, {
      coveredUntil,
      refundCents: 0,
      paidCents: 107916,
      unpaidCount: 3,
      unpaidCents: 323748,
      currency: 'EUR',
    })
    assert.isNull(quote.body.stopped)
    // Outside the cooling-off period: no withdrawal is offered.
    assert.isNull((await anna.get('/api/member/withdrawal')).body.offer)

    const answers = await fireTimes(10, () => ({
      method: 'POST',
      path: '/api/member/stop-payments',
      body: { coveredUntil },
      headers: anna.sessionHeaders(),
    }))
    assert.deepEqual(countStatuses(answers), { 200: 10 })
    for (const answer of answers)
      assert.deepInclude(answer.body.stopped, { coveredUntil, refundCents: 0, currency: 'EUR' })
    const rows = await db.from('coverage_cancellations').where('migration_id', migration.id)
    assert.deepEqual(
      rows.map((row) => [row.requested_by_kind, row.refund_cents, row.days_unused]),
      [['member_stop', 0, 0]]
    )
    assert.lengthOf(
      await db
        .from('jobs')
        .where('type', 'fulfilment.coverage_cancellation')
        .where('migration_id', migration.id),
      1
    )
    await createFulfilmentWorker().drain()

    const deletes = `DELETE /v1/subscriptions/${subscription.provider_subscription_id}`
    assert.lengthOf(stripe.calls(deletes), 1)
    assert.lengthOf(stripe.calls('POST /v1/refunds'), 0)
    assert.deepEqual(
      insurer.cancellations.map((call) => [
        call.body.member.memberId,
        call.body.cause,
        call.body.effectiveOn,
        call.headers['idempotency-key'],
      ]),
      FAMILY.map((id) => [
        id,
        'cancelled',
        coveredUntil,
        `insurer-cancellation:${ref}:${id}:cancelled:${config.id}`,
      ])
    )
    assert.lengthOf(
      await db
        .from('audit_entries')
        .where('action', 'coverage.payments_stopped')
        .where('entity_id', String(migration.id))
        .where('actor', 'member:DEMO-1001'),
      1
    )

    // One email, in the language of the checkout, with the confirmation PDF.
    const mails = await outboxMessages(`Die künftigen Zahlungen für ${ref} sind beendet`)
    assert.lengthOf(mails, 1)
    const germanDate = DateTime.fromISO(coveredUntil).toFormat('dd.MM.yyyy')
    const body = plain(String(mails[0].text || mails[0].html).replace(/<[^>]+>/g, ' '))
    assert.include(body, `Sie sind versichert bis ${germanDate}`)
    assert.include(body, 'Erstattung: 0,00 EUR')
    const file = testTmpPath(`stop-${ref}.pdf`)
    await writeFile(file, mails[0].attachments[0].content)
    const pdf = plain(await pdfText(file))
    for (const line of [
      `Ihr Versicherungsschutz endet mit Ablauf des ${germanDate}.`,
      `Versichert bis ${germanDate}`,
      'Bezahlt 1.079,16 EUR (1 von 4 Raten)',
      'Stornierte Raten 3.237,48 EUR in 3 Raten, nicht mehr fällig',
      'Erstattungsbetrag 0,00 EUR',
      'Grund Künftige Zahlungen vom Mitglied beendet',
    ])
      assert.include(pdf, line)

    // The member area: installment 1 paid, the others cancelled, none due; the stop stays shown.
    const area = await anna.get('/api/member/area')
    assert.deepEqual(
      area.body.schedule.map((row: any) => row.status),
      ['paid', 'cancelled', 'cancelled', 'cancelled']
    )
    const after = await anna.get('/api/member/stop-payments')
    assert.deepInclude(after.body.stopped, { coveredUntil, status: 'completed' })
    assert.isNull((await anna.get('/api/member/withdrawal')).body.withdrawal)

    // The administrator: the migration's cancellation and Finance's early cancellations.
    const admin = new CookieClient()
    assert.equal((await admin.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const made = await admin.get(`/api/admin/migrations/${migration.id}/cancellation`)
    assert.deepInclude(made.body.cancellation, {
      requestedBy: 'member_stop',
      effectiveOn: coveredUntil,
      refundCents: 0,
    })
    const finance = await admin.get('/api/admin/subscriptions/early-cancellations')
    const row = finance.body.earlyCancellations.find(
      (entry: any) => entry.migration_id === migration.id
    )
    assert.deepInclude(row, {
      status: 'canceled',
      ends_on: coveredUntil,
      cancelled_by: 'member_stop',
    })
  }).timeout(90_000)

  test('refused with nothing changed: within the cooling-off period (withdraw instead), a quote that no longer holds, a body that is not a date', async ({
    assert,
    client,
    cleanup,
  }) => {
    const { migration } = await quarterlyPlan(client, cleanup, { language: 'en', paidDaysAgo: 3 })
    const anna = await signedInAnna()
    const coveredUntil = migration.start_date.plus({ months: 3 }).minus({ days: 1 }).toISODate()!
    assert.isNull((await anna.get('/api/member/stop-payments')).body.quote)
    const early = await anna.post('/api/member/stop-payments', { coveredUntil })
    assert.equal(early.status, 409)
    assert.equal(
      early.body.error,
      'You are still within the cooling-off period: withdraw instead and get the whole amount back.'
    )
    anna.acceptLanguage = 'de'
    const earlyDe = await anna.post('/api/member/stop-payments', { coveredUntil })
    assert.deepEqual(
      [earlyDe.status, earlyDe.body.error],
      [
        409,
        'Sie sind noch innerhalb der Widerrufsfrist: Widerrufen Sie stattdessen und erhalten Sie den ganzen Betrag zurück.',
      ]
    )
    anna.acceptLanguage = 'fr'
    const earlyFr = await anna.post('/api/member/stop-payments', { coveredUntil })
    assert.equal(
      earlyFr.body.error,
      'Vous êtes encore dans le délai de rétractation : renoncez plutôt et récupérez la totalité du montant.'
    )
    anna.acceptLanguage = null

    await db
      .from('payments')
      .where('migration_id', migration.id)
      .update({ created: DateTime.now().minus({ days: 20 }).toFormat('yyyy-MM-dd HH:mm:ss') })
    const stale = await anna.post('/api/member/stop-payments', { coveredUntil: '2030-01-01' })
    assert.equal(stale.status, 409)
    assert.include(stale.body.error, `your cover would now end on ${coveredUntil}`)
    anna.acceptLanguage = 'de'
    const staleDe = await anna.post('/api/member/stop-payments', { coveredUntil: '2030-01-01' })
    assert.equal(
      staleDe.body.error,
      `Die Bedingungen haben sich geändert: Ihr Versicherungsschutz würde jetzt am ${coveredUntil} enden. Bitte prüfen Sie sie erneut.`
    )
    anna.acceptLanguage = null
    const invalid = await anna.post('/api/member/stop-payments', { coveredUntil: 'soon' })
    assert.equal(invalid.status, 422)
    assert.lengthOf(await db.from('coverage_cancellations').where('migration_id', migration.id), 0)
  }).timeout(60_000)
})
