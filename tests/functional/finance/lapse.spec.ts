import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Subscription, processPaymentEvent } from '#modules/payments/index'
import { Job } from '#modules/jobs/index'
import { dunningReminders, insurerCancellation } from '#modules/dunning/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import {
  invoiceObject,
  signedDelivery,
  stripeEvent,
  WEBHOOK_SECRET,
} from '#tests/helpers/stripe_events'
import { outboxMessages } from '#tests/helpers/outbox'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { countStatuses, fireTogether } from '#tests/helpers/simultaneous'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { demoAdmin } from '#tests/helpers/admin_session'
import { consentTo } from '#tests/helpers/consent'

const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'EUR' }
const UNPAID_REASON =
  'The payment provider stopped retrying an unpaid installment (subscription unpaid): the coverage lapsed.'
const NOT_TOLD =
  'The insurer was not told automatically (no insurer API is configured): please inform the insurer.'

/** DEMO-1001 pays a quarterly plan through the sandbox (installment 1 paid). */
async function paidQuarterly(client: any) {
  const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
  const created = await client
    .post('/api/migration/create')
    .json({ memberIds: [principal.id], ...SELECTION })
    .asMember(principal)
    .withCsrfToken()
  created.assertStatus(200)
  await consentTo(created.body().migrationId)
  ;(
    await client
      .post(`/api/migration/${created.body().migrationId}/sandbox-confirm`)
      .asMember(principal)
      .withCsrfToken()
  ).assertStatus(200)
  await createFulfilmentWorker().drain()
  return Migration.findOrFail(created.body().migrationId)
}

/** Installment 2 fails (invoice.payment_failed), as Stripe reports a declined renewal. */
async function failInstallment(migration: Migration) {
  const subscription = await Subscription.findByOrFail('migration_id', migration.id)
  const invoice = invoiceObject({
    id: `in_lapse_${migration.id}`,
    subscription: subscription.provider_subscription_id,
    migrationId: migration.id,
    amountCents: Math.round(migration.subscription_amount * 100),
    status: 'open',
  })
  await processPaymentEvent(stripeEvent('invoice.payment_failed', invoice))
  return subscription
}

/** Stripe gives up: the subscription turns unpaid (updated) or is cancelled after failed payments (deleted). */
function giveUp(
  subscription: Subscription,
  how: 'unpaid' | 'deleted',
  created = Math.floor(Date.now() / 1000)
) {
  const object = {
    id: subscription.provider_subscription_id,
    object: 'subscription',
    metadata: { migration_id: String(subscription.migration_id) },
  }
  if (how === 'unpaid')
    return stripeEvent(
      'customer.subscription.updated',
      { ...object, status: 'unpaid' },
      { created }
    )
  return stripeEvent(
    'customer.subscription.deleted',
    {
      ...object,
      status: 'canceled',
      canceled_at: created,
      ended_at: created,
      cancellation_details: { reason: 'payment_failed' },
    },
    { created }
  )
}

/** The plain-text part with its line wrapping undone. */
const flat = (text: string | undefined) => String(text).replace(/\s+/g, ' ')

const lapseAlerts = async (migration: Migration) =>
  outboxMessages(`Coverage lapsed: `).then((all) =>
    all.filter((mail) => mail.subject?.includes(migration.migration_reference))
  )

test.group('Lapse: the provider gives up on a failed installment', (group) => {
  isolateEachTest(group)

  test('subscription unpaid → coverage lapsed, dunning ended, one admin alert saying the insurer was not told; replays and the later deletion change nothing', async ({
    client,
    assert,
  }) => {
    const migration = await paidQuarterly(client)
    const statusBefore = migration.status
    const subscription = await failInstallment(migration)
    await createFulfilmentWorker().drain()
    const failedAt = DateTime.utc()

    const unpaid = giveUp(subscription, 'unpaid')
    await processPaymentEvent(unpaid)
    await processPaymentEvent(unpaid)
    await processPaymentEvent(giveUp(subscription, 'deleted', unpaid.created + 5))
    assert.lengthOf(
      await Job.query()
        .where('type', 'dunning.coverage_lapsed')
        .where('migration_id', migration.id),
      1
    )
    await createFulfilmentWorker().drain()

    const after = await Migration.findOrFail(migration.id)
    assert.deepEqual(
      [after.status, after.payment_status, after.failure_reason],
      [statusBefore, 'lapsed', UNPAID_REASON]
    )
    assert.equal((await Subscription.findOrFail(subscription.id)).status, 'canceled')
    // The member area: installment 1 paid, the failed one and the rest cancelled; nothing due, nothing to pay now.
    const area = await client
      .get('/api/member/area')
      .asMember(await Member.findByOrFail('member_id', 'DEMO-1001'))
    assert.deepEqual(
      area.body().schedule.map((row: any) => row.status),
      ['paid', 'cancelled', 'cancelled', 'cancelled']
    )
    assert.isFalse(area.body().canPayNow)
    const dunning = await db.from('dunning_cases').where('migration_id', migration.id).firstOrFail()
    assert.equal(dunning.ended_reason, 'lapsed')

    const alerts = await lapseAlerts(migration)
    assert.lengthOf(alerts, 1)
    assert.equal(
      alerts[0].subject,
      `Coverage lapsed: ${migration.insured_full_name} (${migration.migration_reference})`
    )
    assert.equal((alerts[0].to as any).value[0].address, 'admin@example.com')
    assert.include(flat(alerts[0].text), UNPAID_REASON)
    assert.include(flat(alerts[0].text), `Insurer: ${NOT_TOLD}`)
    // A lapse is not also alerted as an early cancellation.
    assert.lengthOf(
      (await outboxMessages('Early cancellation')).filter((mail) =>
        mail.subject?.includes(migration.migration_reference)
      ),
      0
    )

    // No reminder after the lapse, on any configured day.
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 3 }))).sent, 0)
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 7 }))).sent, 0)
    assert.lengthOf(
      (await outboxMessages('is still open')).filter((mail) =>
        mail.subject?.includes(migration.migration_reference)
      ),
      0
    )

    // The Finance area and Subscriptions show the lapse.
    const admin = await demoAdmin()
    const lapsed = await client
      .get('/api/admin/finance/dunning')
      .qs({ filter: '{"status":"lapsed"}' })
      .asAdmin(admin)
    assert.equal(lapsed.header('content-range'), 'dunning 0-0/1')
    assert.equal(lapsed.body()[0].stage, 'lapsed')
    const open = await client
      .get('/api/admin/finance/dunning')
      .qs({ filter: '{"status":"open"}' })
      .asAdmin(admin)
    assert.equal(open.header('content-range'), 'dunning */0')
  }).timeout(60_000)

  test('cancelled after failed payments → lapse through the registered insurer cancellation call, called once; a paid plan is not lapsed by a plain cancellation', async ({
    client,
    assert,
    cleanup,
  }) => {
    const calls: Array<[number, string]> = []
    const registered = insurerCancellation.use(async (migrationId, cause) => {
      calls.push([migrationId, cause])
      return { status: 'queued', detail: 'The insurer cancellation call is queued for 1 member.' }
    })
    cleanup(() => {
      insurerCancellation.use(registered)
    })
    const migration = await paidQuarterly(client)
    const subscription = await failInstallment(migration)
    await processPaymentEvent(giveUp(subscription, 'deleted'))
    await createFulfilmentWorker().drain()
    assert.deepEqual(calls, [[migration.id, 'lapsed']])
    assert.equal((await Migration.findOrFail(migration.id)).payment_status, 'lapsed')
    const alerts = await lapseAlerts(migration)
    assert.lengthOf(alerts, 1)
    assert.include(
      flat(alerts[0].text),
      'Insurer: The insurer cancellation call is queued for 1 member.'
    )
    // The failure email job ran after the lapse: no Pay-now email for a lapsed coverage.
    assert.lengthOf(
      (await outboxMessages('did not go through')).filter((mail) =>
        mail.subject?.includes(migration.migration_reference)
      ),
      0
    )
  }).timeout(60_000)
})

test.group('Lapse: simultaneous give-up deliveries', () => {
  test('10 simultaneous deliveries (one unpaid event 5 times, 5 other give-up events) → one lapse, one job, one alert', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(async () => {
      await db.from('dunning_cases').where('member_id', family.member.id).delete()
      await family.remove()
    })
    const session = await family.signIn()
    const created = await session.post('/api/migration/create', {
      memberIds: [family.member.id],
      durationType: '12_months',
      currency: 'USD',
      paymentFrequency: 'quarterly',
    })
    assert.equal(created.status, 200)
    const migration = await Migration.findOrFail(created.body.migrationId)
    await consentTo(migration.id)
    assert.equal(
      (await session.post(`/api/migration/${migration.id}/sandbox-confirm`, {})).status,
      200
    )
    await createFulfilmentWorker().drain()
    const subscription = await failInstallment(migration)
    cleanup(await serveStripeDouble(new StripeDouble(), { webhookSecret: WEBHOOK_SECRET })())

    const same = signedDelivery(giveUp(subscription, 'unpaid'))
    const others = Array.from({ length: 5 }, (_, index) =>
      signedDelivery(giveUp(subscription, index % 2 ? 'unpaid' : 'deleted'))
    )
    const deliveries = [...Array.from({ length: 5 }, () => same), ...others]
    const answers = await fireTogether(
      deliveries.map(({ payload, signature }) => ({
        method: 'POST',
        path: '/api/webhooks/stripe',
        body: JSON.parse(payload),
        headers: { 'Stripe-Signature': signature },
      }))
    )
    assert.deepEqual(countStatuses(answers), { 200: 10 })
    assert.lengthOf(
      await Job.query()
        .where('type', 'dunning.coverage_lapsed')
        .where('migration_id', migration.id),
      1
    )
    await Promise.all([createFulfilmentWorker().drain(), createFulfilmentWorker().drain()])
    assert.equal((await Migration.findOrFail(migration.id)).payment_status, 'lapsed')
    assert.lengthOf(await lapseAlerts(migration), 1)
  }).timeout(60_000)
})
