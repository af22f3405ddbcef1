import { test } from '@japa/runner'
import type Stripe from 'stripe'
import { Migration } from '#modules/migrations/index'
import { Payment, Subscription } from '#modules/payments/index'
import { EmailDelivery } from '#modules/notifications/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { committedPrincipal } from '#tests/helpers/committed_member'
import {
  fireTogether,
  fireTimes,
  countStatuses,
  type BurstRequest,
} from '#tests/helpers/simultaneous'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { signedDelivery, stripeEvent, WEBHOOK_SECRET } from '#tests/helpers/stripe_events'
import { outboxMessages } from '#tests/helpers/outbox'
import { consentTo } from '#tests/helpers/consent'

/**
 * A payment is recorded once (docs/fulfilment.md, "Payment events"): simultaneous confirms and
 * simultaneous webhook deliveries, of one event or of several events about the same payment, end
 * with one payment row and one fulfilment. Committed rows, no rolled-back transaction: each test
 * has its own member and removes it afterwards.
 */
const SELECTION = { durationType: '12_months', currency: 'USD' }

async function checkout(
  family: Awaited<ReturnType<typeof committedPrincipal>>,
  paymentFrequency: string
) {
  const session = await family.signIn()
  const created = await session.post('/api/migration/create', {
    memberIds: [family.member.id],
    ...SELECTION,
    paymentFrequency,
  })
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${created.text}`)
  return { session, migration: await Migration.findOrFail(created.body.migrationId) }
}

function webhook(event: Stripe.Event): BurstRequest {
  const { payload, signature } = signedDelivery(event)
  return {
    path: '/api/webhooks/stripe',
    body: JSON.parse(payload),
    headers: { 'Stripe-Signature': signature },
  }
}

test.group('Payments: simultaneous sandbox confirms', () => {
  test('10 simultaneous confirms of a quarterly checkout: one payment row, one fulfilment, two emails and one receipt', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const { session, migration } = await checkout(family, 'quarterly')

    await consentTo(migration.id)
    const answers = await fireTimes(10, () => ({
      path: `/api/migration/${migration.id}/sandbox-confirm`,
      body: {},
      headers: session.sessionHeaders(),
    }))

    for (const answer of answers) {
      if (answer.status === 200)
        assert.include(answer.body, { migrationId: migration.id, status: 'processing' })
      // A confirm that read the checkout before the winner's payment is told it is being processed;
      // one that read it after, that it no longer awaits payment. Both refuse, and nothing is paid twice.
      else
        assert.oneOf(`${answer.status} ${answer.body.error}`, [
          '409 This migration is not awaiting payment',
          '409 Your migration payment has been received and is being processed.',
        ])
    }
    const payments = await Payment.query().where('migration_id', migration.id)
    assert.lengthOf(payments, 1)
    assert.include(payments[0].$attributes, { paid: true, amount: migration.subscription_amount })
    assert.lengthOf(await family.fulfilmentJobs(migration.id), 1)

    await createFulfilmentWorker().drain()

    await migration.refresh()
    assert.equal(migration.status, 'completed')
    assert.deepEqual(
      (await family.fulfilmentJobs(migration.id)).map((job) => job.payload.step ?? 'enrolment'),
      ['enrolment', 'documents', 'emails']
    )
    const deliveries = await EmailDelivery.query().where('migration_id', migration.id)
    assert.deepEqual(deliveries.map((delivery) => delivery.email_type).sort(), [
      'admin_notification',
      'migration_confirmation',
      'payment_receipt',
    ])
    assert.lengthOf(await outboxMessages(migration.migration_reference), 3)
  }).timeout(60_000)
})

test.group('Payments: simultaneous Stripe webhooks', (group) => {
  const stripe = new StripeDouble()
  group.setup(serveStripeDouble(stripe, { webhookSecret: WEBHOOK_SECRET }))

  test('10 simultaneous deliveries of one payment_intent.succeeded: one payment row, one fulfilment', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const { migration } = await checkout(family, 'one-time')
    const intent = stripe.objects.get(migration.payment_intent_id!)!
    const event = stripeEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
    })

    const answers = await fireTimes(10, () => webhook(event))

    assert.deepEqual(countStatuses(answers), { 200: 10 })
    assert.lengthOf(await Payment.query().where('migration_id', migration.id), 1)
    assert.lengthOf(await family.fulfilmentJobs(migration.id), 1)
    await migration.refresh()
    assert.include(migration.$attributes, { status: 'processing', payment_status: 'succeeded' })
  })

  test('10 simultaneous deliveries of a declined and a successful attempt on one PaymentIntent found by its stored id: one paid payment row, one fulfilment, all accepted', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const { migration } = await checkout(family, 'one-time')
    // No metadata: the migration is found by its stored payment_intent_id (the documented fallback).
    const intent: Record<string, any> = {
      ...stripe.objects.get(migration.payment_intent_id!)!,
      metadata: {},
    }
    const declined = stripeEvent('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
    })
    const succeeded = stripeEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
    })

    const answers = await fireTogether(
      Array.from({ length: 10 }, (_, index) => webhook(index % 2 ? succeeded : declined))
    )

    assert.deepEqual(countStatuses(answers), { 200: 10 })
    const payments = await Payment.query().where('migration_id', migration.id)
    assert.deepEqual(
      payments.map((payment) => [payment.provider_payment_id, payment.status, payment.paid]),
      [[migration.payment_intent_id, 'succeeded', true]]
    )
    assert.lengthOf(await family.fulfilmentJobs(migration.id), 1)
    await migration.refresh()
    assert.include(migration.$attributes, { status: 'processing', payment_status: 'succeeded' })
  })

  test('10 simultaneous deliveries of three events about one first installment (invoice.paid, invoice.payment_succeeded, payment_intent.succeeded): one payment row, one fulfilment', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const { migration } = await checkout(family, 'quarterly')
    const subscription = await Subscription.findByOrFail('migration_id', migration.id)
    const invoice = stripe.billing.firstInvoice(subscription.provider_subscription_id, 'paid')
    // The first invoice's PaymentIntent carries no metadata: it is found by the stored payment_intent_id.
    const intent = {
      id: migration.payment_intent_id,
      object: 'payment_intent',
      amount: invoice.amount_paid,
      amount_received: invoice.amount_paid,
      currency: 'usd',
      status: 'succeeded',
      created: invoice.created,
      metadata: {},
    }
    const events = [
      stripeEvent('invoice.paid', invoice),
      stripeEvent('invoice.payment_succeeded', invoice),
      stripeEvent('payment_intent.succeeded', intent),
    ]

    const answers = await fireTogether(
      Array.from({ length: 10 }, (_, index) => webhook(events[index % events.length]))
    )

    assert.deepEqual(countStatuses(answers), { 200: 10 })
    const payments = await Payment.query().where('migration_id', migration.id)
    assert.deepEqual(
      payments.map((payment) => [payment.provider_payment_id, payment.paid]),
      [[invoice.id, true]]
    )
    assert.lengthOf(await family.fulfilmentJobs(migration.id), 1)
    await migration.refresh()
    assert.include(migration.$attributes, { status: 'processing', payment_status: 'succeeded' })
    await subscription.refresh()
    assert.equal(subscription.status, 'active')
  })
})
