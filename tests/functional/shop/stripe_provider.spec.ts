import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolateEachTest } from '#tests/helpers/database'
import { startStripeDouble, useStripeEnv } from '#tests/helpers/stripe_double'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { consentTo } from '#tests/helpers/consent'

test.group('Stripe provider against a local double of the Stripe API', (group) => {
  isolateEachTest(group)
  let double: Awaited<ReturnType<typeof startStripeDouble>>

  group.setup(async () => {
    double = await startStripeDouble()
    const restoreEnv = await useStripeEnv(double.port)
    return async () => {
      restoreEnv()
      await double.close()
    }
  })
  group.each.setup(() => {
    double.calls.length = 0
  })

  test('payments config names Stripe and its publishable key; the sandbox confirm is gone', async ({
    client,
  }) => {
    const config = await client.get('/api/payments/config')
    config.assertBody({ success: true, provider: 'stripe', publishableKey: 'pk_test_double' })
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const confirm = await client
      .post('/api/migration/1/sandbox-confirm')
      .asMember(member)
      .withCsrfToken()
    confirm.assertStatus(404)
  })

  test('one-time: a PaymentIntent for the total, in cents, with the migration in its metadata', async ({
    client,
    assert,
  }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client
      .post('/api/migration/create')
      .json({
        memberIds: [member.id],
        durationType: '12_months',
        paymentFrequency: 'one-time',
        currency: 'EUR',
      })
      .asMember(member)
      .withCsrfToken()
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      paymentType: 'one-time',
      numberOfPayments: 1,
      provider: 'stripe',
    })
    // The card form's secret is handed out only once the member consented.
    assert.isNull(body.clientSecret)
    const clientSecret = await consentTo(body.migrationId)
    assert.match(clientSecret, /^pi_double_\d+_secret_abc$/)
    assert.lengthOf(
      double.calls.filter((call) => call.method !== 'GET'),
      1
    )
    const [call] = double.calls
    assert.equal(call.path, '/v1/payment_intents')
    assert.equal(call.authorization, 'Bearer sk_test_double')
    const migration = await Migration.findOrFail(body.migrationId)
    assert.equal(call.form.get('amount'), String(Math.round(migration.total_amount * 100)))
    assert.equal(call.form.get('currency'), 'eur')
    assert.equal(call.form.get('metadata[migration_id]'), String(migration.id))
    assert.equal(call.form.get('metadata[migration_reference]'), migration.migration_reference)
    assert.equal(migration.payment_intent_id, clientSecret.split('_secret_')[0])
    assert.equal(migration.payment_provider, 'stripe')
  })

  test('subscription: customer, price every 3 months for the regular installment, incomplete subscription with the first invoice to confirm', async ({
    client,
    assert,
  }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const spouse = await Member.findByOrFail('member_id', 'DEMO-1001-S')
    const response = await client
      .post('/api/migration/create')
      .json({
        memberIds: [member.id, spouse.id],
        durationType: '12_months',
        paymentFrequency: 'quarterly',
        currency: 'USD',
      })
      .asMember(member)
      .withCsrfToken()
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      paymentType: 'subscription',
      numberOfPayments: 4,
      subscriptionAmount: 1150,
      totalAmount: 4600,
      provider: 'stripe',
    })
    assert.deepEqual(
      double.calls.map((call) => call.path),
      ['/v1/customers', '/v1/prices', '/v1/subscriptions']
    )
    const [customer, price, subscription] = double.calls
    assert.equal(customer.form.get('name'), 'Anna Schmidt')
    assert.equal(customer.form.get('email'), 'anna.schmidt@corp.example.com')
    assert.include(price.params, {
      'unit_amount': '115000',
      'currency': 'usd',
      'recurring[interval]': 'month',
      'recurring[interval_count]': '3',
    })
    const migration = await Migration.findOrFail(body.migrationId)
    assert.equal(subscription.form.get('customer'), migration.provider_customer_id)
    assert.equal(subscription.form.get('payment_behavior'), 'default_incomplete')
    assert.equal(subscription.form.get('proration_behavior'), 'none')
    assert.equal(subscription.form.get('expand[0]'), 'latest_invoice.confirmation_secret')
    // Starting today, the end is set on the period boundary once the first invoice is paid (stripe_installments.spec.ts).
    assert.isNull(subscription.form.get('cancel_at'))
    assert.isNull(subscription.form.get('trial_end'))
    assert.match(subscription.form.get('items[0][price]')!, /^price_double_\d+$/)
    assert.deepEqual(
      double.calls.map((call) => call.idempotencyKey),
      ['customer', 'price', 'subscription'].map((step) => `migration-${migration.id}-${step}`)
    )
    assert.isNull(body.clientSecret)
    const clientSecret = await consentTo(body.migrationId)
    assert.match(clientSecret, /_secret_sub$/)
    assert.equal(migration.payment_intent_id, clientSecret.split('_secret_')[0])
    const row = await db.from('subscriptions').where('migration_id', migration.id).first()
    assert.equal(row.provider, 'stripe')
    assert.match(row.provider_subscription_id, /^sub_double_\d+$/)
  })

  test('a plan of a single installment (annual, 12 months) is one PaymentIntent: nothing can recur', async ({
    client,
    assert,
  }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client
      .post('/api/migration/create')
      .json({
        memberIds: [member.id],
        durationType: '12_months',
        paymentFrequency: 'annual',
        currency: 'USD',
      })
      .asMember(member)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      paymentType: 'one-time',
      paymentFrequency: 'annual',
      numberOfPayments: 1,
      totalAmount: 2400,
      subscriptionAmount: 2400,
    })
    assert.deepEqual(
      double.calls.map((call) => [call.path, call.params.amount]),
      [['/v1/payment_intents', '240000']]
    )
    assert.isNull(
      await db.from('subscriptions').where('migration_id', response.body().migrationId).first()
    )
  })

  test('a Stripe failure fails the migration and answers a 5xx JSON error', async ({
    client,
    assert,
  }) => {
    env.set('STRIPE_API_PORT', 1) // nothing listens there
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client
      .post('/api/migration/create')
      .json({
        memberIds: [member.id],
        durationType: '12_months',
        paymentFrequency: 'one-time',
        currency: 'USD',
      })
      .asMember(member)
      .withCsrfToken()
    env.set('STRIPE_API_PORT', double.port)
    // 502 from the service; the shared handler may present any 5xx as a generic 500.
    assert.isAtLeast(response.status(), 500)
    assert.equal(response.body().success, false)
    const migration = await Migration.query()
      .where('member_id', member.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(migration.status, 'failed')
  }).timeout(60000)
})
