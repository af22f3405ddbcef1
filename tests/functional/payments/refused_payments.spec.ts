import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import {
  invoiceObject,
  signedDelivery,
  stripeEvent,
  WEBHOOK_SECRET,
} from '#tests/helpers/stripe_events'
import { createPaidMigration, createPendingMigration } from '#tests/helpers/migration_fixtures'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Job } from '#modules/jobs/index'
import {
  Payment,
  Subscription,
  processPaymentEvent,
  sandboxPaymentEvent,
} from '#modules/payments/index'
import { demoAdmin } from '#tests/helpers/admin_session'
import { Document } from '#modules/documents/index'
import { ApiLog, createFulfilmentWorker } from '#modules/fulfilment/index'
import { EmailDelivery } from '#modules/notifications/index'
import { consentTo } from '#tests/helpers/consent'

/**
 * One open checkout per member (creating a migration withdraws the older pending ones), and a
 * payment that succeeds anyway for a withdrawn checkout or an already migrated member is
 * refunded, never fulfilled (docs/fulfilment.md, "Refused payments").
 */
const stripe = new StripeDouble()
const SELECTION = { durationType: '12_months', currency: 'USD' }

async function anna() {
  return Member.findByOrFail('member_id', 'DEMO-1001')
}

async function create(client: any, paymentFrequency: string) {
  const member = await anna()
  const response = await client
    .post('/api/migration/create')
    .json({ memberIds: [member.id], ...SELECTION, paymentFrequency })
    .asMember(member)
    .withCsrfToken()
  response.assertStatus(200)
  return Migration.findOrFail(response.body().migrationId)
}

function intentSucceeded(migration: Migration, cents: number) {
  return stripeEvent('payment_intent.succeeded', {
    id: migration.payment_intent_id,
    object: 'payment_intent',
    amount: cents,
    amount_received: cents,
    currency: 'usd',
    status: 'succeeded',
    created: Math.floor(Date.now() / 1000),
    metadata: { migration_id: String(migration.id) },
  })
}

async function fulfilmentJobs(migrationId: number) {
  const jobs = await Job.query().where('type', 'fulfilment.step')
  return jobs.filter((job) => job.payload.migrationId === migrationId)
}

test.group('Refused payments with Stripe', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe, { webhookSecret: WEBHOOK_SECRET }))
  group.each.setup(() => {
    stripe.requests.length = 0
  })

  test('a second checkout withdraws the first: its PaymentIntent is cancelled and it fails with a reason', async ({
    client,
    assert,
  }) => {
    const first = await create(client, 'one-time')
    const second = await create(client, 'one-time')

    await first.refresh()
    assert.include(first.$attributes, { status: 'failed', payment_status: 'cancelled' })
    assert.equal(
      first.failure_reason,
      `Superseded by ${second.migration_reference}: the member started a newer checkout, so this unpaid one was withdrawn and its payment cancelled.`
    )
    const [cancel] = stripe.calls(`POST /v1/payment_intents/${first.payment_intent_id}/cancel`)
    assert.equal(cancel.params.cancellation_reason, 'abandoned')
    assert.equal(cancel.idempotencyKey, `migration-${first.id}-cancel-intent`)
    await second.refresh()
    assert.include(second.$attributes, { status: 'pending', failure_reason: null })
    assert.lengthOf(stripe.calls('POST /v1/payment_intents'), 2)
    assert.lengthOf(stripe.calls('POST /v1/payment_intents/*'), 1, 'only the first one cancelled')
  })

  test('a superseded subscription is cancelled at Stripe and its open first invoice voided', async ({
    client,
    assert,
  }) => {
    const first = await create(client, 'quarterly')
    const subscription = await Subscription.findByOrFail('migration_id', first.id)
    await create(client, 'quarterly')

    const [cancel] = stripe.calls(
      `DELETE /v1/subscriptions/${subscription.provider_subscription_id}`
    )
    assert.equal(cancel.params['expand[0]'], 'latest_invoice')
    const firstInvoiceId = stripe.billing.get(subscription.provider_subscription_id).firstInvoiceId
    assert.lengthOf(stripe.calls(`POST /v1/invoices/${firstInvoiceId}/void`), 1)
    await subscription.refresh()
    assert.equal(subscription.status, 'canceled')
    assert.isNull(subscription.cancelled_at)
    await first.refresh()
    assert.include(first.$attributes, { status: 'failed', payment_status: 'cancelled' })
  })

  test('two tabs paid: the withdrawn checkout is refunded and fulfilled nothing; the newer one goes on', async ({
    client,
    assert,
  }) => {
    const first = await create(client, 'one-time')
    const second = await create(client, 'one-time')

    await processPaymentEvent(intentSucceeded(second, 240000))
    await processPaymentEvent(intentSucceeded(first, 240000))

    await first.refresh()
    await second.refresh()
    assert.include(second.$attributes, { status: 'processing', payment_status: 'succeeded' })
    assert.include(first.$attributes, { status: 'failed', payment_status: 'refunded' })
    assert.match(
      first.failure_reason!,
      /^Paid after this checkout was withdrawn \(Superseded by MIG-.+\); the payment was refunded automatically and nothing was fulfilled\.$/
    )
    const [refund] = stripe.calls('POST /v1/refunds')
    assert.deepEqual(refund.params, {
      'payment_intent': first.payment_intent_id,
      'reason': 'duplicate',
      'metadata[migration_id]': String(first.id),
    })
    assert.equal(refund.idempotencyKey, `migration-${first.id}-refund`)
    assert.lengthOf(await fulfilmentJobs(first.id), 0)
    assert.lengthOf(await fulfilmentJobs(second.id), 1)
    const payment = await Payment.findByOrFail('provider_payment_id', first.payment_intent_id)
    assert.include(payment.$attributes, { status: 'refunded', paid: false })
  })

  test('a subscription paid while another migration is processing: cancelled, first charge refunded, no alert', async ({
    assert,
  }) => {
    const { migration: paid } = await createPaidMigration()
    const { migration } = await createPendingMigration({
      frequency: 'monthly',
      paymentIntentId: 'pi_tab_two',
    })
    const sub = await stripe.client().subscriptions.create({
      customer: 'cus_x',
      items: [{ price: 'price_monthly' }],
      metadata: { migration_id: String(migration.id) },
    })
    await Subscription.create({
      migration_id: migration.id,
      provider: 'stripe',
      provider_subscription_id: sub.id,
      status: 'incomplete',
      ends_on: migration.end_date,
      early_cancellation_reviewed: false,
    })
    const invoice = invoiceObject({
      subscription: sub.id,
      migrationId: migration.id,
      amountCents: 35972,
      status: 'paid',
    })

    await processPaymentEvent(stripeEvent('invoice.paid', invoice))
    await processPaymentEvent(stripeEvent('invoice.payment_succeeded', invoice))
    await processPaymentEvent(
      stripeEvent('customer.subscription.deleted', stripe.subscriptionObject(sub.id, false))
    )

    await migration.refresh()
    assert.include(migration.$attributes, { status: 'failed', payment_status: 'refunded' })
    assert.equal(
      migration.failure_reason,
      `Paid while ${paid.migration_reference} was already processing: the payment was refunded automatically and nothing was fulfilled, so the member is not migrated twice.`
    )
    assert.lengthOf(stripe.calls(`DELETE /v1/subscriptions/${sub.id}`), 1)
    assert.deepEqual(
      stripe.calls('POST /v1/refunds').map((call) => call.params.payment_intent),
      ['pi_tab_two']
    )
    const subscription = await Subscription.findByOrFail('provider_subscription_id', sub.id)
    assert.include(subscription.$attributes, { status: 'canceled', cancelled_at: null })
    const payment = await Payment.findByOrFail('provider_payment_id', invoice.id)
    assert.include(payment.$attributes, { status: 'refunded', paid: false })
    assert.lengthOf(await fulfilmentJobs(migration.id), 0)
    assert.lengthOf(await Job.query().where('type', 'fulfilment.cancellation_alert'), 0)
    await paid.refresh()
    assert.equal(paid.status, 'processing')
  })

  test('a withdrawn subscription checkout paid all the same: refunded, not cancelled twice', async ({
    client,
    assert,
  }) => {
    const first = await create(client, 'quarterly')
    const subscription = await Subscription.findByOrFail('migration_id', first.id)
    await create(client, 'quarterly')
    const invoice = stripe.billing.firstInvoice(subscription.provider_subscription_id, 'paid')

    await processPaymentEvent(stripeEvent('invoice.paid', invoice))

    await first.refresh()
    assert.include(first.$attributes, { status: 'failed', payment_status: 'refunded' })
    assert.lengthOf(
      stripe.calls(`DELETE /v1/subscriptions/${subscription.provider_subscription_id}`),
      1,
      'cancelled once, at the withdrawal'
    )
    assert.deepEqual(
      stripe.calls('POST /v1/refunds').map((call) => call.params.payment_intent),
      [first.payment_intent_id]
    )
    assert.lengthOf(await fulfilmentJobs(first.id), 0)
  })

  test('blocked by an admin after checkout, then a signed payment_intent.succeeded: refunded, nothing fulfilled, the reason on the admin detail', async ({
    client,
    assert,
  }) => {
    const migration = await create(client, 'one-time')
    const admin = await demoAdmin()
    const block = await client
      .patch(`/api/admin/migrations/${migration.id}/block`)
      .json({ action: 'block', reason: 'Identity check pending' })
      .asAdmin(admin)
      .withCsrfToken()
    block.assertStatus(200)

    const { payload, signature } = signedDelivery(intentSucceeded(migration, 240000))
    const delivery = await client
      .post('/api/webhooks/stripe')
      .header('stripe-signature', signature)
      .json(JSON.parse(payload))

    delivery.assertStatus(200)
    const reason =
      'Paid while the member was blocked by an administrator (Identity check pending): the payment was refunded automatically and nothing was fulfilled. Unblock the member before they check out again.'
    const detail = await client.get(`/api/admin/migrations/${migration.id}`).asAdmin(admin)
    assert.containsSubset(detail.body().migration, {
      status: 'failed',
      payment_status: 'refunded',
      failure_reason: reason,
    })
    const [refund] = stripe.calls('POST /v1/refunds')
    assert.deepEqual(refund.params, {
      'payment_intent': migration.payment_intent_id,
      'reason': 'duplicate',
      'metadata[migration_id]': String(migration.id),
    })
    assert.lengthOf(await fulfilmentJobs(migration.id), 0)
    const payment = await Payment.findByOrFail('provider_payment_id', migration.payment_intent_id)
    assert.include(payment.$attributes, { status: 'refunded', paid: false })
    await createFulfilmentWorker().drain()
    assert.lengthOf(await EmailDelivery.query().where('migration_id', migration.id), 0)
    assert.lengthOf(await Document.query().where('migration_id', migration.id), 0)
    assert.lengthOf(await ApiLog.query().where('migration_id', migration.id), 0)
  })

  test('a payment failure after the withdrawal does not make the checkout payable again', async ({
    client,
    assert,
  }) => {
    const first = await create(client, 'one-time')
    await create(client, 'one-time')
    await processPaymentEvent(
      stripeEvent('payment_intent.payment_failed', {
        id: first.payment_intent_id,
        object: 'payment_intent',
        amount: 240000,
        currency: 'usd',
        status: 'requires_payment_method',
        created: 1,
        metadata: { migration_id: String(first.id) },
      })
    )
    await first.refresh()
    assert.include(first.$attributes, { status: 'failed', payment_status: 'cancelled' })
  })
})

test.group('Refused payments with the sandbox provider', (group) => {
  isolateEachTest(group)

  test('a new checkout withdraws the older pending one', async ({ client, assert }) => {
    const first = await create(client, 'quarterly')
    const second = await create(client, 'quarterly')
    await first.refresh()
    assert.include(first.$attributes, {
      status: 'failed',
      payment_status: 'cancelled',
      payment_provider: 'sandbox',
    })
    assert.include(first.failure_reason!, second.migration_reference)
    assert.equal((await Subscription.findByOrFail('migration_id', first.id)).status, 'canceled')
    // The withdrawn checkout can no longer be confirmed; the newer one can.
    const member = await anna()
    ;(
      await client
        .post(`/api/migration/${first.id}/sandbox-confirm`)
        .asMember(member)
        .withCsrfToken()
    ).assertStatus(409)
    await consentTo(second.id)
    ;(
      await client
        .post(`/api/migration/${second.id}/sandbox-confirm`)
        .asMember(member)
        .withCsrfToken()
    ).assertStatus(200)
    // Admins read why it failed.
    const detail = await client.get(`/api/admin/migrations/${first.id}`).asAdmin(await demoAdmin())
    assert.containsSubset(detail.body().migration, {
      status: 'failed',
      payment_status: 'cancelled',
      failure_reason: first.failure_reason,
    })
  })

  test('a second confirmed payment for an already processing member is refunded, not fulfilled', async ({
    assert,
  }) => {
    const { migration: first } = await createPendingMigration({
      provider: 'sandbox',
      paymentIntentId: 'pi_sandbox_first',
    })
    const { migration: second } = await createPendingMigration({
      provider: 'sandbox',
      paymentIntentId: 'pi_sandbox_second',
    })
    const event = (migration: Migration) =>
      sandboxPaymentEvent({
        migrationId: migration.id,
        reference: migration.migration_reference,
        memberId: 'DEMO-1001',
        currency: 'EUR',
        amount: 431664,
        paymentIntentId: migration.payment_intent_id!,
        customerId: null,
        subscriptionId: null,
      })

    await processPaymentEvent(event(first))
    await processPaymentEvent(event(second))

    await first.refresh()
    await second.refresh()
    assert.include(first.$attributes, { status: 'processing', payment_status: 'succeeded' })
    assert.include(second.$attributes, { status: 'failed', payment_status: 'refunded' })
    assert.include(
      second.failure_reason!,
      `Paid while ${first.migration_reference} was already processing`
    )
    assert.lengthOf(await fulfilmentJobs(first.id), 1)
    assert.lengthOf(await fulfilmentJobs(second.id), 0)
  })
})
