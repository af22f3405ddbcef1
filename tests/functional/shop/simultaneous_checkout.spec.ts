import { test } from '@japa/runner'
import { withoutRequestId } from '#tests/helpers/api_contract'
import { randomUUID } from 'node:crypto'
import { Migration } from '#modules/migrations/index'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { countStatuses, fireTimes, type BurstResponse } from '#tests/helpers/simultaneous'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { signedDelivery, stripeEvent, WEBHOOK_SECRET } from '#tests/helpers/stripe_events'
import { consentTo } from '#tests/helpers/consent'

/**
 * One payable checkout per member, whatever the clicks (docs/fulfilment.md, "One checkout per
 * member"). The requests arrive together on their own connections, against committed rows: no
 * rolled-back transaction here, each test has its own member and removes it afterwards.
 */
const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'USD' }
const STARTING = {
  success: false,
  error: 'Your checkout is already being prepared. Please wait a moment and try again.',
}

/** Every answer is a checkout (200) or the clear 409 of a checkout already being prepared. */
function assertCheckoutsOr409(assert: any, answers: BurstResponse[]) {
  for (const answer of answers) {
    if (answer.status === 200) continue
    assert.deepEqual([answer.status, withoutRequestId(answer.body)], [409, STARTING])
  }
  assert.isAtLeast(answers.filter((answer) => answer.status === 200).length, 1)
}

test.group('Checkout: simultaneous creates (sandbox)', () => {
  test('4 simultaneous creates with one idempotency key: one pending checkout, every answer is that checkout or a 409, and it can be paid', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const session = await family.signIn()
    const body = { memberIds: [family.member.id], ...SELECTION, idempotencyKey: randomUUID() }

    const answers = await fireTimes(4, () => ({
      path: '/api/migration/create',
      body,
      headers: session.sessionHeaders(),
    }))

    const migrations = await Migration.query().where('member_id', family.member.id)
    assert.lengthOf(migrations, 1, 'one checkout for one key')
    const [checkout] = migrations
    assert.equal(checkout.status, 'pending')
    assertCheckoutsOr409(assert, answers)
    const created = answers.filter((answer) => answer.status === 200)
    for (const answer of created) {
      assert.include(answer.body, {
        success: true,
        migrationId: checkout.id,
        migrationReference: checkout.migration_reference,
        clientSecret: created[0].body.clientSecret,
      })
    }
    assert.match(created[0].body.clientSecret, new RegExp(`^${checkout.payment_intent_id}_secret_`))

    await consentTo(checkout.id)
    const confirm = await session.post(`/api/migration/${checkout.id}/sandbox-confirm`)
    assert.equal(confirm.status, 200)
    await checkout.refresh()
    assert.include(checkout.$attributes, { status: 'processing', payment_status: 'succeeded' })
  })
})

test.group('Checkout: simultaneous creates while Stripe is slow', (group) => {
  const stripe = new StripeDouble()
  group.setup(serveStripeDouble(stripe, { webhookSecret: WEBHOOK_SECRET }))
  // Every Stripe answer takes 300 ms, so all four requests arrive while the first one's payment is being started.
  group.each.setup(() => {
    stripe.delayMs = 300
    return () => {
      stripe.delayMs = 0
    }
  })

  test('4 simultaneous creates without a key: the first checkout stays pending and payable, the others are refused with 409', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const session = await family.signIn()
    const body = { memberIds: [family.member.id], ...SELECTION, paymentFrequency: 'one-time' }

    const answers = await fireTimes(4, () => ({
      path: '/api/migration/create',
      body,
      headers: session.sessionHeaders(),
    }))

    assert.deepEqual(countStatuses(answers), { 200: 1, 409: 3 })
    assertCheckoutsOr409(assert, answers)
    const migrations = await Migration.query().where('member_id', family.member.id)
    assert.lengthOf(migrations, 1)
    const [checkout] = migrations
    assert.equal(checkout.status, 'pending')
    const created = answers.find((answer) => answer.status === 200)!
    assert.include(created.body, { migrationId: checkout.id, clientSecret: null })
    assert.equal(await consentTo(checkout.id), `${checkout.payment_intent_id}_secret_abc`)
    assert.lengthOf(
      stripe.calls(`POST /v1/payment_intents/${checkout.payment_intent_id}/cancel`),
      0
    )

    stripe.delayMs = 0
    const intent = stripe.objects.get(checkout.payment_intent_id!)!
    const { payload, signature } = signedDelivery(
      stripeEvent('payment_intent.succeeded', {
        ...intent,
        status: 'succeeded',
        amount_received: intent.amount,
      })
    )
    const [paid] = await fireTimes(1, () => ({
      path: '/api/webhooks/stripe',
      body: JSON.parse(payload),
      headers: { 'Stripe-Signature': signature },
    }))
    assert.equal(paid.status, 200)
    await checkout.refresh()
    assert.include(checkout.$attributes, { status: 'processing', payment_status: 'succeeded' })
  })

  test('4 simultaneous creates with one idempotency key: all four answer the same checkout, one PaymentIntent', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const session = await family.signIn()
    const body = {
      memberIds: [family.member.id],
      ...SELECTION,
      paymentFrequency: 'one-time',
      idempotencyKey: randomUUID(),
    }
    const intentsBefore = stripe.calls('POST /v1/payment_intents').length

    const answers = await fireTimes(4, () => ({
      path: '/api/migration/create',
      body,
      headers: session.sessionHeaders(),
    }))

    assert.deepEqual(countStatuses(answers), { 200: 4 })
    const [checkout] = await Migration.query().where('member_id', family.member.id)
    for (const answer of answers) assert.deepEqual(answer.body, answers[0].body)
    assert.include(answers[0].body, { migrationId: checkout.id, clientSecret: null })
    assert.equal(await consentTo(checkout.id), `${checkout.payment_intent_id}_secret_abc`)
    assert.equal(stripe.calls('POST /v1/payment_intents').length - intentsBefore, 1)
    assert.equal(checkout.status, 'pending')
  })
})
