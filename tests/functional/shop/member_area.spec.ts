import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { Payment, Subscription } from '#modules/payments/index'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'
import { failSecondInstallment } from '#tests/helpers/failed_installment'
import { startStripeDouble, useStripeEnv } from '#tests/helpers/stripe_double'
import { withoutRequestId } from '#tests/helpers/api_contract'
import { consentTo } from '#tests/helpers/consent'

const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'EUR' }

/** DEMO-1001 pays a quarterly EUR plan through the sandbox; the worker issues the documents. */
async function paidMigration(client: any) {
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
  return { principal, migration: await Migration.findOrFail(created.body().migrationId) }
}

test.group('Member area API', (group) => {
  isolateEachTest(group)

  test('a paid member reads the migration, the schedule with the first installment paid, and the documents', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidMigration(client)
    const response = await client.get('/api/member/area').asMember(principal)
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body.migration, {
      id: migration.id,
      reference: migration.migration_reference,
      currency: 'EUR',
      paymentFrequency: 'quarterly',
      startDate: migration.start_date.toISODate(),
      endDate: migration.end_date.toISODate(),
    })
    assert.deepEqual(
      body.migration.members.map((member: any) => member.memberId),
      ['DEMO-1001']
    )
    assert.deepEqual(
      body.schedule.map((row: any) => row.status),
      ['paid', 'due', 'due', 'due']
    )
    assert.equal(body.schedule[0].amount, migration.subscription_amount)
    const documents = await Document.query().where('migration_id', migration.id)
    assert.deepEqual(
      body.documents.map((document: any) => document.id),
      documents.map((document) => document.id)
    )
  })

  test('after a withdrawal, no installment is due: the refunded first and the unpaid ones are cancelled', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidMigration(client)
    const before = await client.get('/api/member/area').asMember(principal)
    assert.deepEqual(
      before.body().schedule.map((row: any) => row.status),
      ['paid', 'due', 'due', 'due']
    )
    ;(await client.post('/api/member/withdrawal').asMember(principal).withCsrfToken()).assertStatus(
      200
    )
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.equal(migration.status, 'cancelled')
    const response = await client.get('/api/member/area').asMember(principal)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().schedule.map((row: any) => row.status),
      ['cancelled', 'cancelled', 'cancelled', 'cancelled']
    )
    assert.isFalse(response.body().canPayNow)
  })

  test('after a cancellation by an administrator from the first day, no installment is due: all cancelled', async ({
    client,
    assert,
  }) => {
    const { cancelCoverage } = await import('#modules/fulfilment/index')
    const { principal, migration } = await paidMigration(client)
    await cancelCoverage.byAdmin(
      migration.id,
      { reason: 'Moved abroad', effectiveOn: migration.start_date.toISODate()! },
      'admin:test'
    )
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.equal(migration.status, 'cancelled')
    const response = await client.get('/api/member/area').asMember(principal)
    response.assertStatus(200)
    // The first installment was refunded in full (cooling-off period): nothing is paid nor due.
    assert.deepEqual(
      response.body().schedule.map((row: any) => row.status),
      ['cancelled', 'cancelled', 'cancelled', 'cancelled']
    )
    assert.isFalse(response.body().canPayNow)
  })

  test('after a mid-term cancellation by an administrator (outside the cooling-off period), the first stays paid and the others are cancelled, none due', async ({
    client,
    assert,
  }) => {
    const { cancelCoverage } = await import('#modules/fulfilment/index')
    const { principal, migration } = await paidMigration(client)
    // Paid 40 days ago for a term that started then; cancelled from today, in the first quarter.
    const start = DateTime.utc().startOf('day').minus({ days: 40 })
    await Payment.query()
      .where('migration_id', migration.id)
      .update({ created: start.toFormat('yyyy-MM-dd HH:mm:ss') })
    await Migration.query()
      .where('id', migration.id)
      .update({
        start_date: start.toISODate(),
        end_date: start.plus({ years: 1 }).minus({ days: 1 }).toISODate(),
      })
    await cancelCoverage.byAdmin(
      migration.id,
      { reason: 'Moved abroad', effectiveOn: DateTime.utc().toISODate()! },
      'admin:test'
    )
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.equal(migration.status, 'cancelled')
    const response = await client.get('/api/member/area').asMember(principal)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().schedule.map((row: any) => row.status),
      ['paid', 'cancelled', 'cancelled', 'cancelled']
    )
    assert.isFalse(response.body().canPayNow)
  })

  test('documentsState says what the documents step did: preparing before it ran, ready, then skipped or failed', async ({
    client,
    assert,
  }) => {
    const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
    const created = await client
      .post('/api/migration/create')
      .json({ memberIds: [principal.id], ...SELECTION })
      .asMember(principal)
      .withCsrfToken()
    await consentTo(created.body().migrationId)
    ;(
      await client
        .post(`/api/migration/${created.body().migrationId}/sandbox-confirm`)
        .asMember(principal)
        .withCsrfToken()
    ).assertStatus(200)
    const state = async () =>
      (await client.get('/api/member/area').asMember(principal)).body().documentsState
    assert.equal(await state(), 'preparing')
    await createFulfilmentWorker().drain()
    assert.equal(await state(), 'ready')
    const migration = await Migration.findOrFail(created.body().migrationId)
    for (const [documentStatus, expected] of [
      ['failed', 'failed'],
      ['partial', 'partial'],
      ['skipped', 'skipped'],
      ['unknown', 'failed'],
    ]) {
      await migration.merge({ document_status: documentStatus }).save()
      assert.equal(await state(), expected)
    }
    // The demo's migration was fulfilled by the real services: its PDF exists.
    const demo = await Member.findByOrFail('member_id', 'DEMO-1002')
    assert.equal(
      (await client.get('/api/member/area').asMember(demo)).body().documentsState,
      'ready'
    )
  })

  test('a document downloads as application/pdf for its member only; another member gets 404', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidMigration(client)
    const document = await Document.query().where('migration_id', migration.id).firstOrFail()
    const own = await client.get(`/api/member/documents/${document.id}`).asMember(principal)
    own.assertStatus(200)
    assert.equal(own.header('content-type'), 'application/pdf')
    assert.include(own.header('content-disposition'), 'attachment')
    // A streamed file carries the request id too, and is never cached.
    assert.match(own.header('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    assert.equal(own.header('cache-control'), 'no-store')

    const other = await Member.findByOrFail('member_id', 'DEMO-1002')
    const foreign = await client.get(`/api/member/documents/${document.id}`).asMember(other)
    foreign.assertStatus(404)
    assert.deepEqual(withoutRequestId(foreign.body()), {
      success: false,
      error: 'Document not found',
    })
    ;(await client.get('/api/member/documents/999999').asMember(principal)).assertStatus(404)
    ;(await client.get('/api/member/documents/abc').asMember(principal)).assertStatus(422)
    ;(await client.get(`/api/member/documents/${document.id}`)).assertStatus(401)
  })

  test('a member with nothing paid has an empty area', async ({ client, assert }) => {
    const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client.get('/api/member/area').asMember(principal)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      success: true,
      migration: null,
      recurring: false,
      cardUpdatedAt: null,
      card: null,
      canPayNow: false,
      schedule: [],
      documents: [],
      documentsState: null,
      creditNotes: [],
    })
  })
})

test.group('Member area: pay a failed installment now, sandbox', (group) => {
  isolateEachTest(group)

  test('the failed installment shows as failed and is paid through the webhook event processor', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidMigration(client)
    await failSecondInstallment(migration, 'in_sandbox_failed_2')
    const before = (await client.get('/api/member/area').asMember(principal)).body()
    assert.isTrue(before.canPayNow)
    assert.deepEqual(
      before.schedule.map((row: any) => row.status),
      ['paid', 'failed', 'due', 'due']
    )

    const paid = await client.post('/api/member/pay-now').asMember(principal).withCsrfToken()
    paid.assertStatus(200)
    assert.containsSubset(paid.body(), {
      success: true,
      invoiceId: 'in_sandbox_failed_2',
      provider: 'sandbox',
    })
    const record = await Payment.findByOrFail('provider_payment_id', 'in_sandbox_failed_2')
    assert.isTrue(Boolean(record.paid))
    const after = (await client.get('/api/member/area').asMember(principal)).body()
    assert.deepEqual(
      after.schedule.map((row: any) => row.status),
      ['paid', 'paid', 'due', 'due']
    )
    assert.isFalse(after.canPayNow)

    const again = await client.post('/api/member/pay-now').asMember(principal).withCsrfToken()
    again.assertStatus(409)
    assert.equal(again.body().error, 'There is no failed payment to pay')
    ;(await client.post('/api/member/pay-now').withCsrfToken()).assertStatus(401)
  })

  test('the sandbox records a card change of a recurring plan; a one-time plan has no card to change', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidMigration(client)
    const setup = await client.post('/api/member/card/setup').asMember(principal).withCsrfToken()
    setup.assertBody({ success: true, provider: 'sandbox', clientSecret: null })
    const done = await client.post('/api/member/card').json({}).asMember(principal).withCsrfToken()
    done.assertStatus(200)
    const subscription = await Subscription.findByOrFail('migration_id', migration.id)
    assert.isNotNull(subscription.card_updated_at)
    assert.equal(
      (await client.get('/api/member/area').asMember(principal)).body().cardUpdatedAt,
      subscription.card_updated_at!.toISO()
    )
    ;(
      await client
        .post('/api/member/card')
        .json({ setupIntentId: 'not an id' })
        .asMember(principal)
        .withCsrfToken()
    ).assertStatus(422)

    await subscription.delete()
    const oneTime = await client.post('/api/member/card/setup').asMember(principal).withCsrfToken()
    oneTime.assertStatus(409)
  })
})

test.group('Member area: pay a failed installment now, Stripe double', (group) => {
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

  test('Stripe is asked to pay the open invoice; the webhook records the outcome', async ({
    client,
    assert,
  }) => {
    const { migration, principal } = await createPendingMigration({
      frequency: 'monthly',
      provider: 'stripe',
    })
    migration.merge({ status: 'completed', payment_status: 'succeeded' })
    await migration.save()
    await Subscription.create({
      migration_id: migration.id,
      provider: 'stripe',
      provider_subscription_id: 'sub_double_paynow',
      status: 'past_due',
    })
    await failSecondInstallment(migration, 'in_double_failed_2')
    double.calls.length = 0

    const response = await client.post('/api/member/pay-now').asMember(principal).withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), { invoiceId: 'in_double_failed_2', provider: 'stripe' })
    assert.lengthOf(
      double.calls.filter(
        (call) => call.method === 'POST' && call.path === '/v1/invoices/in_double_failed_2/pay'
      ),
      1
    )
    // Not recorded as paid here: invoice.paid through the webhook does that.
    assert.isFalse(
      Boolean((await Payment.findByOrFail('provider_payment_id', 'in_double_failed_2')).paid)
    )
  })

  test("card change: a SetupIntent for the plan's customer, its card made the subscription's default; a foreign SetupIntent is refused", async ({
    client,
    assert,
  }) => {
    const { migration, principal } = await createPendingMigration({
      frequency: 'monthly',
      provider: 'stripe',
    })
    migration.merge({
      status: 'completed',
      payment_status: 'succeeded',
      provider_customer_id: 'cus_double_member',
    })
    await migration.save()
    await Subscription.create({
      migration_id: migration.id,
      provider: 'stripe',
      provider_subscription_id: 'sub_double_card',
      status: 'active',
    })
    double.calls.length = 0

    const setup = await client.post('/api/member/card/setup').asMember(principal).withCsrfToken()
    setup.assertStatus(200)
    assert.match(setup.body().clientSecret, /^seti_double_\d+_secret_abc$/)
    const [created] = double.calls.filter((call) => call.path === '/v1/setup_intents')
    assert.equal(created.form.get('customer'), 'cus_double_member')
    const setupIntentId = setup.body().clientSecret.replace(/_secret_abc$/, '')

    // Not confirmed in the browser yet: refused.
    ;(
      await client
        .post('/api/member/card')
        .json({ setupIntentId })
        .asMember(principal)
        .withCsrfToken()
    ).assertStatus(422)
    Object.assign(double.double.objects.get(setupIntentId)!, {
      status: 'succeeded',
      payment_method: 'pm_double_new_card',
    })
    const done = await client
      .post('/api/member/card')
      .json({ setupIntentId })
      .asMember(principal)
      .withCsrfToken()
    done.assertStatus(200)
    const [update] = double.calls.filter(
      (call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_double_card'
    )
    assert.equal(update.form.get('default_payment_method'), 'pm_double_new_card')

    // Another customer's SetupIntent never changes this plan's card.
    Object.assign(double.double.objects.get(setupIntentId)!, { customer: 'cus_someone_else' })
    ;(
      await client
        .post('/api/member/card')
        .json({ setupIntentId })
        .asMember(principal)
        .withCsrfToken()
    ).assertStatus(422)
  })
})
