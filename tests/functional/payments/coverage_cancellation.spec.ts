import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Migration } from '#modules/migrations/index'
import {
  Payment,
  PaymentRefund,
  CoverageCancellation,
  processPaymentEvent,
  refundList,
  disputeList,
  REFUND_FILTERS,
  REFUND_SORTABLE,
  DISPUTE_FILTERS,
  DISPUTE_SORTABLE,
} from '#modules/payments/index'
import { readCache, readRestListQuery } from '#modules/shared/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { stripeEvent } from '#tests/helpers/stripe_events'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { outboxMessages } from '#tests/helpers/outbox'

/** Cancel coverage with its refund, and refunds / disputes made at the provider. */
const stripe = new StripeDouble()

/** DEMO-1001's one-time EUR 4,316.64 payment, confirmed and fulfilled (completed). */
async function fulfilledOneTime() {
  const fixture = await createPaidMigration()
  await createFulfilmentWorker().drain()
  await fixture.migration.refresh()
  return fixture
}

test.group('Cancel coverage by an administrator', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe))

  test('in the cooling-off period: the preview shows the whole amount; confirming refunds it once at Stripe with its idempotency key, the migration is cancelled and the payment refunded', async ({
    client,
    assert,
  }) => {
    const { migration } = await fulfilledOneTime()
    assert.include(migration.$attributes, { status: 'completed', payment_status: 'succeeded' })
    const admin = await demoAdmin()
    const today = DateTime.utc().toISODate()!

    const preview = await client
      .get(`/api/admin/migrations/${migration.id}/cancellation`)
      .qs({ effectiveOn: today })
      .asAdmin(admin)
    preview.assertStatus(200)
    assert.deepInclude(preview.body().preview, {
      refundRule: 'cooling_off',
      paidCents: 431664,
      refundCents: 431664,
      currency: 'EUR',
      inCoolingOff: true,
      cancelsFutureInstallments: false,
    })

    const before = stripe.calls('POST /v1/refunds').length
    const cancel = await client
      .post(`/api/admin/migrations/${migration.id}/cancellation`)
      .json({ reason: 'Moved abroad', effectiveOn: today })
      .asAdmin(admin)
      .withCsrfToken()
    cancel.assertStatus(201)
    assert.deepInclude(cancel.body().cancellation, {
      requestedBy: 'admin',
      reason: 'Moved abroad',
      effectiveOn: today,
      refundRule: 'cooling_off',
      refundCents: 431664,
      status: 'requested',
    })
    await migration.refresh()
    assert.equal(migration.status, 'cancelled')
    assert.equal(
      migration.failure_reason,
      `Cancelled by an administrator, covered until ${today}: Moved abroad`
    )

    await createFulfilmentWorker().drain()
    const refunds = stripe.calls('POST /v1/refunds').slice(before)
    assert.lengthOf(refunds, 1)
    const payment = await Payment.findByOrFail('migration_id', migration.id)
    assert.deepEqual(
      [refunds[0].params.amount, refunds[0].params.payment_intent, refunds[0].idempotencyKey],
      [
        '431664',
        payment.provider_payment_id,
        `refund-${migration.migration_reference}-${cancel.body().cancellation.id}-${payment.id}`,
      ]
    )
    await migration.refresh()
    assert.deepEqual([migration.status, migration.payment_status], ['cancelled', 'refunded'])
    assert.deepEqual([payment.status, payment.paid], ['refunded', false])
    const row = await PaymentRefund.findByOrFail('migration_id', migration.id)
    assert.deepInclude(row.$attributes, {
      status: 'succeeded',
      origin: 'portal',
      amount_cents: 431664,
      currency: 'EUR',
    })
    assert.match(row.provider_refund_id!, /^re_double_/)
    assert.equal(
      (await CoverageCancellation.findByOrFail('migration_id', migration.id)).status,
      'completed'
    )
    const audit = await db
      .from('audit_entries')
      .where('action', 'coverage.cancelled')
      .where('entity_id', String(migration.id))
    assert.lengthOf(audit, 1)
    assert.equal(audit[0].actor, 'admin')

    const again = await client
      .post(`/api/admin/migrations/${migration.id}/cancellation`)
      .json({ reason: 'Twice', effectiveOn: today })
      .asAdmin(admin)
      .withCsrfToken()
    again.assertStatus(200)
    assert.isFalse(again.body().created)
    assert.lengthOf(stripe.calls('POST /v1/refunds').slice(before), 1)
  }).timeout(60_000)

  test('after the cooling-off period: the unused part, days not covered ÷ days paid for', async ({
    client,
    assert,
  }) => {
    const { migration } = await fulfilledOneTime()
    // Paid 40 days ago for a year that started then.
    const paidOn = DateTime.utc().startOf('day').minus({ days: 40 })
    await Payment.query()
      .where('migration_id', migration.id)
      .update({ created: paidOn.toFormat('yyyy-MM-dd HH:mm:ss') })
    await Migration.query()
      .where('id', migration.id)
      .update({ start_date: paidOn.toISODate(), end_date: paidOn.plus({ days: 364 }).toISODate() })
    const effectiveOn = paidOn.plus({ days: 99 }).toISODate()!
    const preview = await client
      .get(`/api/admin/migrations/${migration.id}/cancellation`)
      .qs({ effectiveOn })
      .asAdmin(await demoAdmin())
    // 365 days paid, 100 used: 265 / 365 × 4,316.64 = 3,133.9989… → 3,134.00.
    assert.deepInclude(preview.body().preview, {
      refundRule: 'unused_part',
      daysPaid: 365,
      daysUnused: 265,
      refundCents: 313400,
      inCoolingOff: false,
    })
  }).timeout(60_000)

  test('bad input is a 422; a pending migration cannot be cancelled (409); an unknown one is a 404', async ({
    client,
    assert,
  }) => {
    const { migration } = await fulfilledOneTime()
    const admin = await demoAdmin()
    const bad = await client
      .post(`/api/admin/migrations/${migration.id}/cancellation`)
      .json({ reason: '', effectiveOn: '2026-02-30' })
      .asAdmin(admin)
      .withCsrfToken()
    bad.assertStatus(422)
    const badDate = await client
      .post(`/api/admin/migrations/${migration.id}/cancellation`)
      .json({ reason: 'Moved', effectiveOn: '2026-02-30' })
      .asAdmin(admin)
      .withCsrfToken()
    badDate.assertStatus(422)
    assert.equal(badDate.body().error, 'effectiveOn must be a real date (YYYY-MM-DD)')
    // Unpaid: nothing to cancel (a processing one, paid, may be: migration_withdrawal.spec.ts).
    await Migration.query().where('id', migration.id).update({ status: 'pending' })
    const unpaid = await client
      .post(`/api/admin/migrations/${migration.id}/cancellation`)
      .json({ reason: 'Moved', effectiveOn: '2026-01-01' })
      .asAdmin(admin)
      .withCsrfToken()
    unpaid.assertStatus(409)
    assert.equal(unpaid.body().error, 'A pending migration has no paid coverage to cancel.')
    ;(
      await client
        .post('/api/admin/migrations/99999999/cancellation')
        .json({ reason: 'Moved', effectiveOn: '2026-01-01' })
        .asAdmin(admin)
        .withCsrfToken()
    ).assertStatus(404)
  }).timeout(60_000)
})

test.group('Refunds and disputes made at the provider', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe))

  test("a partial refund made in Stripe's dashboard: one provider row (replays change nothing), payment and migration partially refunded, revenue net of it", async ({
    client,
    assert,
  }) => {
    const { migration } = await fulfilledOneTime()
    const payment = await Payment.findByOrFail('migration_id', migration.id)
    const admin = await demoAdmin()
    const eurRevenue = async () =>
      (await client.get('/api/admin/dashboard-charts').asAdmin(admin))
        .body()
        .revenueByCurrency.find((row: any) => row.currency === 'EUR').amount
    const revenueBefore = await eurRevenue()
    const refund = {
      id: 're_dashboard_1',
      object: 'refund',
      amount: 10000,
      currency: 'eur',
      status: 'succeeded',
      payment_intent: payment.provider_payment_id,
      created: Math.floor(Date.now() / 1000),
      metadata: {},
    }
    const created = stripeEvent('refund.created', refund)
    await processPaymentEvent(created)
    await processPaymentEvent(created)
    await processPaymentEvent(
      stripeEvent('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: payment.provider_payment_id,
        amount: 431664,
        amount_refunded: 10000,
        refunds: { data: [refund] },
      })
    )
    const rows = await PaymentRefund.query().where('migration_id', migration.id)
    assert.lengthOf(rows, 1)
    assert.deepInclude(rows[0].$attributes, {
      origin: 'provider',
      amount_cents: 10000,
      status: 'succeeded',
      payment_id: payment.id,
      provider_refund_id: 're_dashboard_1',
    })
    await migration.refresh()
    await payment.refresh()
    assert.deepEqual(
      [migration.status, migration.payment_status, payment.status, payment.paid],
      ['completed', 'partially_refunded', 'partially_refunded', true]
    )
    // processPaymentEvent is called directly here: the webhook's POST would drop the shared cache.
    readCache.invalidate()
    assert.equal(Math.round((revenueBefore - (await eurRevenue())) * 100), 10000)
    const alerts = await db
      .from('jobs')
      .where('type', 'fulfilment.money_alert')
      .where('migration_id', migration.id)
    assert.lengthOf(alerts, 1)
    await createFulfilmentWorker().drain()
    const alertMails = await outboxMessages(
      `Refund of EUR 100.00 made at the payment provider: ${migration.migration_reference}`
    )
    assert.lengthOf(alertMails, 1)
    assert.equal(
      alertMails[0].to && !Array.isArray(alertMails[0].to) ? alertMails[0].to.text : '',
      'admin@example.com'
    )
    // What the Finance area lists (payments' list function: sort, range, filter).
    const listed = await refundList.page(
      readRestListQuery(
        {
          filter: JSON.stringify({ origin: 'provider', q: migration.migration_reference }),
          range: '[0,9]',
        },
        { sortable: REFUND_SORTABLE, defaultSort: 'id', filters: REFUND_FILTERS }
      )
    )
    assert.equal(listed.total, 1)
    assert.deepInclude(listed.rows[0], {
      migration_reference: migration.migration_reference,
      member_id: 'DEMO-1001',
      amount_cents: 10000,
      currency: 'EUR',
      origin: 'provider',
      status: 'succeeded',
      provider_refund_id: 're_dashboard_1',
    })
  }).timeout(60_000)

  test('a dispute: created → disputed; closed lost → dispute_lost; a late (older) "under_review" event changes nothing', async ({
    assert,
  }) => {
    const { migration } = await fulfilledOneTime()
    const payment = await Payment.findByOrFail('migration_id', migration.id)
    const dispute = (status: string) => ({
      id: 'dp_1',
      object: 'dispute',
      amount: 431664,
      currency: 'eur',
      status,
      reason: 'fraudulent',
      payment_intent: payment.provider_payment_id,
      created: Math.floor(Date.now() / 1000),
    })
    const now = Math.floor(Date.now() / 1000)
    await processPaymentEvent(
      stripeEvent('charge.dispute.created', dispute('needs_response'), { created: now })
    )
    await migration.refresh()
    assert.equal(migration.payment_status, 'disputed')
    await processPaymentEvent(
      stripeEvent('charge.dispute.closed', dispute('lost'), { created: now + 20 })
    )
    await processPaymentEvent(
      stripeEvent('charge.dispute.updated', dispute('under_review'), { created: now + 10 })
    )
    await migration.refresh()
    assert.equal(migration.payment_status, 'dispute_lost')
    const rows = await db.from('payment_disputes').where('migration_id', migration.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].status, 'lost')
    assert.lengthOf(
      await db
        .from('jobs')
        .where('type', 'fulfilment.money_alert')
        .where('migration_id', migration.id),
      2
    )
    const listed = await disputeList.page(
      readRestListQuery(
        { filter: JSON.stringify({ status: 'lost' }) },
        { sortable: DISPUTE_SORTABLE, defaultSort: 'opened_at', filters: DISPUTE_FILTERS }
      )
    )
    assert.deepEqual(
      listed.rows.map((row) => [row.provider_dispute_id, row.status, row.amount_cents, row.reason]),
      [['dp_1', 'lost', 431664, 'fraudulent']]
    )
  }).timeout(60_000)

  test("the provider's refund event arrives before our own write: one refund row, one refund at Stripe", async ({
    client,
    assert,
  }) => {
    const { migration } = await fulfilledOneTime()
    const today = DateTime.utc().toISODate()!
    const cancel = await client
      .post(`/api/admin/migrations/${migration.id}/cancellation`)
      .json({ reason: 'Moved abroad', effectiveOn: today })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    cancel.assertStatus(201)
    const pending = await PaymentRefund.findByOrFail('migration_id', migration.id)
    // The provider refunded (our job's call went through) and its event came in before the job wrote the answer.
    const made = await stripe.client().refunds.create(
      {
        payment_intent: pending.provider_payment_id!,
        amount: pending.amount_cents,
        metadata: { refund_key: pending.refund_key! },
      },
      { idempotencyKey: pending.refund_key! }
    )
    await processPaymentEvent(
      stripeEvent('refund.created', { ...made, metadata: { refund_key: pending.refund_key } })
    )
    await createFulfilmentWorker().drain()
    const rows = await PaymentRefund.query().where('migration_id', migration.id)
    assert.lengthOf(rows, 1)
    assert.deepInclude(rows[0].$attributes, {
      provider_refund_id: made.id,
      status: 'succeeded',
      origin: 'portal',
    })
    assert.lengthOf(
      stripe.ledger.refunds.filter(
        (refund) => refund.payment_intent === pending.provider_payment_id
      ),
      1
    )
    await migration.refresh()
    assert.deepEqual([migration.status, migration.payment_status], ['cancelled', 'refunded'])
  }).timeout(60_000)
})
