import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Migration from '#modules/migrations/models/migration'
import { Payment, Subscription } from '#modules/payments/index'
import { Job } from '#modules/jobs/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'
import {
  invoiceObject,
  signedDelivery,
  stripeEvent,
  WEBHOOK_SECRET,
} from '#tests/helpers/stripe_events'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { outboxMessages } from '#tests/helpers/outbox'
import type Stripe from 'stripe'

const stripe = new StripeDouble()

test.group('Stripe webhooks', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe, { webhookSecret: WEBHOOK_SECRET }))

  /** What the payment provider does at checkout: a PaymentIntent naming the migration. */
  async function checkoutIntent(migration: Migration) {
    const customer = await stripe.client().customers.create({ email: migration.email ?? undefined })
    return stripe.client().paymentIntents.create({
      amount: 431664,
      currency: 'eur',
      customer: customer.id,
      metadata: { migration_id: String(migration.id) },
    })
  }

  async function deliver(client: any, event: Stripe.Event) {
    const { payload, signature } = signedDelivery(event)
    return client
      .post('/api/webhooks/stripe')
      .header('stripe-signature', signature)
      .json(JSON.parse(payload))
  }

  test('a bad signature is refused with 400 and changes nothing', async ({ client, assert }) => {
    const { migration } = await createPendingMigration()
    const intent = await checkoutIntent(migration)
    const event = stripeEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: 431664,
    })
    const { payload } = signedDelivery(event)
    const forged = signedDelivery(event, 'whsec_someone_else').signature

    const wrong = await client
      .post('/api/webhooks/stripe')
      .header('stripe-signature', forged)
      .json(JSON.parse(payload))
    const missing = await client.post('/api/webhooks/stripe').json(JSON.parse(payload))

    wrong.assertStatus(400)
    wrong.assertBodyContains({ success: false, error: 'Invalid Stripe signature' })
    missing.assertStatus(400)
    await migration.refresh()
    assert.equal(migration.status, 'pending')
    assert.equal(migration.payment_status, 'pending')
    assert.lengthOf(await db.from('webhook_events').where('event_id', event.id), 0)
    assert.lengthOf(await Job.query().where('migration_id', migration.id), 0)
  })

  test('payment_intent.succeeded confirms the payment and fulfilment completes the migration', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration()
    const intent = await checkoutIntent(migration)
    assert.equal(stripe.requests.at(-1)?.authorization, 'Bearer sk_test_double')

    const response = await deliver(
      client,
      stripeEvent('payment_intent.succeeded', {
        ...intent,
        status: 'succeeded',
        amount_received: 431664,
      })
    )
    response.assertStatus(200)
    response.assertBody({ received: true })

    await migration.refresh()
    assert.equal(migration.payment_status, 'succeeded')
    assert.equal(migration.status, 'processing')
    const payment = await Payment.findByOrFail('provider_payment_id', intent.id)
    assert.deepInclude(payment.serializeForAdmin(), {
      amount: 4316.64,
      currency: 'EUR',
      status: 'succeeded',
      paid: true,
    })

    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.equal(migration.status, 'completed')
    // The fulfilment chain, and the receipt of the paid payment (queued with it).
    const jobs = await Job.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      jobs.map((job) => [
        job.type === 'fulfilment.payment_receipt' ? 'receipt' : (job.payload.step ?? 'enrolment'),
        job.status,
        job.attempts,
      ]),
      [
        ['receipt', 'done', 1],
        ['enrolment', 'done', 1],
        ['documents', 'done', 1],
        ['emails', 'done', 1],
      ]
    )
    assert.include(migration, {
      api_status: 'skipped',
      document_status: 'generated',
      email_status: 'sent',
    })
    assert.isNotNull(migration.completed_at)
    const [confirmation] = await outboxMessages(`Your migration ${migration.migration_reference}`)
    assert.equal(
      confirmation.subject,
      `Your migration ${migration.migration_reference} is confirmed`
    )
    assert.equal((confirmation.to as any).value[0].address, 'anna.schmidt@corp.example.com')
    assert.lengthOf(confirmation.attachments, 2)
  })

  test('a repeated event is applied once', async ({ client, assert }) => {
    const { migration } = await createPendingMigration()
    const intent = await checkoutIntent(migration)
    const event = stripeEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: 431664,
    })

    const first = await deliver(client, event)
    const second = await deliver(client, event)

    first.assertStatus(200)
    second.assertStatus(200)
    assert.lengthOf(await db.from('webhook_events').where('event_id', event.id), 1)
    assert.lengthOf(
      await Job.query().where('type', 'fulfilment.step').where('migration_id', migration.id),
      1
    )
    assert.lengthOf(await Payment.query().where('migration_id', migration.id), 1)
  })

  test('a payment_intent.succeeded without an amount is recorded with its reason, answered 200 and changes no money state', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration()
    const intent = await checkoutIntent(migration)
    const {
      amount: _amount,
      amount_received: _received,
      ...withoutAmount
    } = { ...intent, status: 'succeeded', amount_received: undefined }
    const event = stripeEvent('payment_intent.succeeded', withoutAmount)

    const first = await deliver(client, event)
    const again = await deliver(client, event)

    const reason = 'The payment intent has no valid amount (missing)'
    assert.deepEqual([first.status(), first.body()], [200, { received: true, ignored: reason }])
    assert.equal(again.status(), 200)
    const recorded = await db.from('webhook_events').where('event_id', event.id)
    assert.deepEqual(
      recorded.map((row) => [row.type, row.ignored_reason]),
      [['payment_intent.succeeded', reason]]
    )
    await migration.refresh()
    assert.deepEqual([migration.status, migration.payment_status], ['pending', 'pending'])
    assert.lengthOf(await Payment.query().where('migration_id', migration.id), 0)
    assert.lengthOf(await Job.query().where('migration_id', migration.id), 0)
  })

  test('an invoice whose amount is not whole cents is recorded unapplied; nothing is written as NaN', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration()
    const invoice = {
      ...invoiceObject({
        subscription: 'sub_no_amount',
        migrationId: migration.id,
        amountCents: 1000,
        status: 'paid',
      }),
      amount_paid: 'abc',
    }
    const response = await deliver(client, stripeEvent('invoice.paid', invoice))
    assert.deepEqual(
      [response.status(), response.body()],
      [200, { received: true, ignored: 'The invoice has no valid amount_paid ("abc")' }]
    )
    await migration.refresh()
    assert.equal(migration.payment_status, 'pending')
    assert.lengthOf(await Payment.query().where('migration_id', migration.id), 0)
    assert.lengthOf(await Subscription.query().where('migration_id', migration.id), 0)
  })

  test('a failed payment fails the migration; a later success still wins', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration()
    const intent = await checkoutIntent(migration)

    await deliver(
      client,
      stripeEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' })
    )
    await migration.refresh()
    assert.include(migration, { status: 'failed', payment_status: 'failed' })
    assert.lengthOf(await Job.query().where('migration_id', migration.id), 0)

    await deliver(
      client,
      stripeEvent('payment_intent.succeeded', {
        ...intent,
        status: 'succeeded',
        amount_received: 431664,
      })
    )
    await migration.refresh()
    assert.include(migration, { status: 'processing', payment_status: 'succeeded' })
  })

  test('out-of-order events: an older subscription or failure event never overwrites a newer state', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration({ frequency: 'monthly' })
    const customer = await stripe.client().customers.create({})
    const sub = await stripe.client().subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_monthly' }],
      metadata: { migration_id: String(migration.id) },
    })
    const t = Math.floor(Date.now() / 1000)

    // Stripe delivers "updated: active" before the older "created: incomplete".
    await deliver(
      client,
      stripeEvent('customer.subscription.updated', { ...sub, status: 'active' }, { created: t + 5 })
    )
    await deliver(
      client,
      stripeEvent('customer.subscription.created', { ...sub, status: 'incomplete' }, { created: t })
    )
    const invoice = invoiceObject({
      subscription: sub.id,
      migrationId: migration.id,
      amountCents: 35972,
      status: 'paid',
      created: t,
    })
    await deliver(client, stripeEvent('invoice.paid', invoice, { created: t + 6 }))
    // A failure of the same invoice from before it was paid arrives last.
    await deliver(
      client,
      stripeEvent(
        'invoice.payment_failed',
        { ...invoice, status: 'open', amount_paid: 0 },
        { created: t + 1 }
      )
    )

    const subscription = await Subscription.findByOrFail('provider_subscription_id', sub.id)
    assert.equal(subscription.status, 'active')
    assert.equal(subscription.status_event_created, t + 5)
    await migration.refresh()
    assert.include(migration, { payment_status: 'succeeded', status: 'processing' })
    const payment = await Payment.findByOrFail('provider_payment_id', invoice.id)
    assert.deepInclude(payment.serializeForAdmin(), {
      amount: 359.72,
      status: 'paid',
      paid: true,
      hosted_invoice_url: `https://invoice.stripe.test/${sub.id}`,
    })
    assert.equal(payment.subscription_id, subscription.id)
  })

  test('an invoice for a subscription not seen yet is matched by asking Stripe for the subscription', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration({ frequency: 'monthly' })
    const sub = await stripe.client().subscriptions.create({
      customer: 'cus_x',
      items: [{ price: 'price_monthly' }],
      metadata: { migration_id: String(migration.id) },
    })

    const response = await deliver(
      client,
      stripeEvent(
        'invoice.paid',
        invoiceObject({ subscription: sub.id, amountCents: 35972, status: 'paid' })
      )
    )

    response.assertStatus(200)
    assert.isTrue(
      stripe.requests.some(
        (r) => r.method === 'GET' && r.path.startsWith(`/v1/subscriptions/${sub.id}`)
      )
    )
    await migration.refresh()
    assert.equal(migration.payment_status, 'succeeded')
    const subscription = await Subscription.findByOrFail('provider_subscription_id', sub.id)
    assert.equal(subscription.status, 'active')
  })

  test('a subscription left incomplete_expired ends the migration as failed', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration({ frequency: 'monthly' })
    const sub = {
      id: 'sub_expired_1',
      object: 'subscription',
      status: 'incomplete_expired',
      metadata: { migration_id: String(migration.id) },
      canceled_at: null,
    }

    await deliver(client, stripeEvent('customer.subscription.updated', sub))

    await migration.refresh()
    assert.include(migration, { status: 'failed', payment_status: 'failed' })
    assert.equal(
      (await Subscription.findByOrFail('provider_subscription_id', 'sub_expired_1')).status,
      'incomplete_expired'
    )
  })

  test('an early cancellation is recorded and alerts the administrators once', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPendingMigration({ frequency: 'monthly' })
    // Only a paid plan can be cancelled early.
    migration.merge({ payment_status: 'succeeded', status: 'completed' })
    await migration.save()
    const sub = {
      id: 'sub_cancel_1',
      object: 'subscription',
      status: 'active',
      metadata: { migration_id: String(migration.id) },
      canceled_at: null,
    }
    const t = Math.floor(Date.now() / 1000)
    await deliver(client, stripeEvent('customer.subscription.created', sub, { created: t - 10 }))

    await deliver(
      client,
      stripeEvent(
        'customer.subscription.deleted',
        { ...sub, status: 'canceled', canceled_at: t },
        { created: t }
      )
    )
    await deliver(
      client,
      stripeEvent(
        'customer.subscription.updated',
        { ...sub, status: 'canceled', canceled_at: t },
        { created: t + 1 }
      )
    )
    await createFulfilmentWorker().drain()

    const subscription = await Subscription.findByOrFail('provider_subscription_id', 'sub_cancel_1')
    assert.equal(subscription.status, 'canceled')
    assert.equal(subscription.cancelled_at?.toSeconds(), t)
    const alerts = await outboxMessages(
      `Early cancellation: Anna Schmidt (${migration.migration_reference})`
    )
    assert.lengthOf(alerts, 1)
    assert.equal((alerts[0].to as any).value[0].address, 'admin@example.com')
    assert.include(alerts[0].html as string, 'sub_cancel_1')
  })

  test('a subscription that ends on its plan end, or whose checkout was never paid, is no early cancellation', async ({
    client,
    assert,
  }) => {
    const t = Math.floor(Date.now() / 1000)
    const paidMigration = async () => {
      const { migration } = await createPendingMigration({ frequency: 'monthly' })
      migration.merge({ payment_status: 'succeeded', status: 'completed' })
      await migration.save()
      return migration
    }
    // An abandoned checkout whose subscription Stripe cancels.
    const { migration: unpaid } = await createPendingMigration({ frequency: 'monthly' })
    await deliver(
      client,
      stripeEvent('customer.subscription.deleted', {
        id: 'sub_abandoned',
        object: 'subscription',
        status: 'canceled',
        metadata: { migration_id: String(unpaid.id) },
        canceled_at: t,
        ended_at: t,
      })
    )
    // A paid plan that reached the end set after its last installment (cancel_at, metadata plan_ends_at).
    const completed = await paidMigration()
    await deliver(
      client,
      stripeEvent('customer.subscription.deleted', {
        id: 'sub_completed',
        object: 'subscription',
        status: 'canceled',
        metadata: { migration_id: String(completed.id), plan_ends_at: String(t - 5) },
        cancel_at: t - 5,
        canceled_at: t - 86400,
        ended_at: t - 5,
      })
    )
    // A paid plan cancelled before that end is an early cancellation.
    const cut = await paidMigration()
    await deliver(
      client,
      stripeEvent('customer.subscription.deleted', {
        id: 'sub_cut',
        object: 'subscription',
        status: 'canceled',
        metadata: { migration_id: String(cut.id), plan_ends_at: String(t + 86400) },
        cancel_at: null,
        canceled_at: t,
        ended_at: t,
      })
    )

    const rows = await Subscription.query()
      .whereIn('provider_subscription_id', ['sub_abandoned', 'sub_completed', 'sub_cut'])
      .orderBy('provider_subscription_id')
    assert.deepEqual(
      rows.map((row) => [
        row.provider_subscription_id,
        row.status,
        row.cancelled_at?.toSeconds() ?? null,
      ]),
      [
        ['sub_abandoned', 'canceled', null],
        ['sub_completed', 'canceled', null],
        ['sub_cut', 'canceled', t],
      ]
    )
    const alerts = await Job.query().where('type', 'fulfilment.cancellation_alert')
    assert.deepEqual(
      alerts.map((job) => job.payload.migrationId),
      [cut.id]
    )
  })
})
