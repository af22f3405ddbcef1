import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { Member } from '#modules/members/index'
import { Installment, Migration, MigrationMember } from '#modules/migrations/index'
import { ExchangeRate } from '#modules/catalog/index'
import { consentTo } from '#tests/helpers/consent'

const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'EUR' }

async function anna() {
  return Member.findByOrFail('member_id', 'DEMO-1001')
}

test.group('POST /api/migration/create (sandbox provider)', (group) => {
  isolateEachTest(group)

  test('stores a pending migration with its members and installments; forged amounts are ignored', async ({
    client,
    assert,
  }) => {
    const principal = await anna()
    const spouse = await Member.findByOrFail('member_id', 'DEMO-1001-S')
    const quote = (
      await client
        .post('/api/migration/calculate')
        .json({ memberIds: [principal.id, spouse.id], ...SELECTION })
        .asMember(principal)
        .withCsrfToken()
    ).body()
    const response = await client
      .post('/api/migration/create')
      .json({
        memberIds: [principal.id, spouse.id],
        ...SELECTION,
        totalAmount: 1,
        subscriptionAmount: 0.5,
        amount: 1,
        installmentSchedule: [],
      })
      .asMember(principal)
      .withCsrfToken()
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      success: true,
      paymentType: 'subscription',
      numberOfPayments: 4,
      subscriptionAmount: quote.subscriptionAmount,
      provider: 'sandbox',
    })
    assert.match(body.clientSecret, /^pi_sandbox_[0-9a-f]+_secret_[0-9a-f]+$/)
    assert.match(body.migrationReference, /^MIG-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)

    const migration = await Migration.findOrFail(body.migrationId)
    assert.containsSubset(migration.$attributes, {
      member_id: principal.id,
      status: 'pending',
      payment_status: 'pending',
      currency: 'EUR',
      exchange_rate: 0.92,
      surcharge_percentage: 2,
      total_amount: quote.totalAmount,
      subscription_amount: quote.subscriptionAmount,
      number_of_payments: 4,
      payment_frequency: 'quarterly',
      duration_type: '12_months',
      duration_days: quote.durationDays,
      payment_provider: 'sandbox',
      migration_reference: body.migrationReference,
    })
    assert.equal(migration.end_date.toISODate(), quote.endDate)
    const usd = [240000, 220000].map((cents) => Math.round((cents * quote.durationDays) / 365))
    assert.equal(
      migration.total_amount_usd,
      (usd[0] + usd[1]) / 100,
      'USD premiums without surcharge, pro rata'
    )
    assert.match(migration.payment_intent_id!, /^pi_sandbox_/)
    const members = await MigrationMember.query()
      .where('migration_id', migration.id)
      .orderBy('member_id')
    assert.deepEqual(
      members.map((row) => [row.member_id_str, row.annual_premium, row.calculated_premium]),
      quote.calculations.map((line: any, index: number) => [
        index === 0 ? 'DEMO-1001' : 'DEMO-1001-S',
        line.annualPremium,
        line.calculatedPremium,
      ])
    )
    const installments = await Installment.query()
      .where('migration_id', migration.id)
      .orderBy('payment_number')
    assert.deepEqual(
      installments.map((row) => [row.amount, row.due_date.toISODate(), row.is_reconciliation]),
      quote.installmentSchedule.map((row: any) => [row.amount, row.dueDate, row.isReconciliation])
    )
    const subscription = await db.from('subscriptions').where('migration_id', migration.id).first()
    assert.equal(subscription.provider, 'sandbox')
    assert.equal(subscription.status, 'incomplete')
  })

  test('the answer carries the price stored and charged, recomputed with the rates of the moment', async ({
    client,
    assert,
  }) => {
    const principal = await anna()
    const selection = { memberIds: [principal.id], ...SELECTION }
    const quoted = (
      await client
        .post('/api/migration/calculate')
        .json(selection)
        .asMember(principal)
        .withCsrfToken()
    ).body()
    // The rates refresh (every 5 minutes) between the calculation and the checkout.
    const eur = await ExchangeRate.findByOrFail('currency_code', 'EUR')
    eur.rate = 0.95
    await eur.save()

    const response = await client
      .post('/api/migration/create')
      .json(selection)
      .asMember(principal)
      .withCsrfToken()

    response.assertStatus(200)
    const body = response.body()
    const migration = await Migration.findOrFail(body.migrationId)
    const installments = await Installment.query()
      .where('migration_id', migration.id)
      .orderBy('payment_number')
    // 2,400 USD × 0.95 × 1.02 = 2,325.60 EUR, against 2,252.16 at 0.92.
    assert.equal(quoted.totalAmount, 2252.16)
    assert.containsSubset(body, {
      currency: 'EUR',
      totalAmount: 2325.6,
      paymentFrequency: 'quarterly',
      durationType: '12_months',
      subscriptionAmount: 581.4,
      numberOfPayments: 4,
      paymentType: 'subscription',
      migrationId: migration.id,
      migrationReference: migration.migration_reference,
      exchangeRate: 0.95,
    })
    assert.equal(migration.total_amount, body.totalAmount)
    assert.deepEqual(
      body.installmentSchedule,
      installments.map((row) => ({
        paymentNumber: row.payment_number,
        amount: row.amount,
        dueDate: row.due_date.toISODate(),
        isReconciliation: row.is_reconciliation,
      }))
    )
    assert.deepEqual(body.calculations, [
      {
        memberId: principal.id,
        memberName: 'Anna Schmidt',
        calculatedPremium: 2325.6,
        annualPremium: 2325.6,
      },
    ])
    assert.isString(body.clientSecret)
  })

  test('a one-time payment has no subscription', async ({ client, assert }) => {
    const principal = await anna()
    const response = await client
      .post('/api/migration/create')
      .json({ memberIds: [principal.id], ...SELECTION, paymentFrequency: 'one-time' })
      .asMember(principal)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), { paymentType: 'one-time', numberOfPayments: 1 })
    assert.isNull(
      await db.from('subscriptions').where('migration_id', response.body().migrationId).first()
    )
  })

  test('the same idempotency key again answers the same checkout; a new key starts a new one and withdraws it', async ({
    client,
    assert,
  }) => {
    const principal = await anna()
    const create = (idempotencyKey: string) =>
      client
        .post('/api/migration/create')
        .json({ memberIds: [principal.id], ...SELECTION, idempotencyKey })
        .asMember(principal)
        .withCsrfToken()

    const first = await create('checkout-attempt-0001')
    const again = await create('checkout-attempt-0001')

    first.assertStatus(200)
    again.assertStatus(200)
    assert.deepEqual(again.body(), first.body())
    const stored = await Migration.query()
      .where('member_id', principal.id)
      .where('checkout_key', 'checkout-attempt-0001')
    assert.lengthOf(stored, 1)
    assert.equal(stored[0].status, 'pending')

    const changed = await create('checkout-attempt-0002')
    changed.assertStatus(200)
    assert.notEqual(changed.body().migrationId, first.body().migrationId)
    await stored[0].refresh()
    assert.include(stored[0].$attributes, { status: 'failed', payment_status: 'cancelled' })
    const late = await create('checkout-attempt-0001')
    late.assertStatus(409)
    late.assertBodyContains({
      success: false,
      error: 'This checkout is no longer open. Please go back to your selection and start again.',
    })

    const malformed = await create('bad key!')
    malformed.assertStatus(422)
    assert.equal(malformed.body().error, 'The checkout key must be 8 to 64 letters, digits, - or _')
  })

  test('another tab resumes the open checkout: /migration/current names it, /checkout answers what create answered', async ({
    client,
    assert,
  }) => {
    const principal = await anna()
    const created = await client
      .post('/api/migration/create')
      .json({ memberIds: [principal.id], ...SELECTION })
      .asMember(principal)
      .withCsrfToken()
    created.assertStatus(200)
    const current = await client.get('/api/migration/current').asMember(principal)
    assert.equal(current.body().migrationId, created.body().migrationId)
    const resumed = await client
      .get(`/api/migration/${created.body().migrationId}/checkout`)
      .asMember(principal)
    resumed.assertStatus(200)
    // Every field the checkout screen reads, rate and surcharge among them (the answer schema keeps them).
    assert.deepEqual(resumed.body(), created.body())
    const spouse = await Member.findByOrFail('member_id', 'DEMO-1001-S')
    ;(
      await client.get(`/api/migration/${created.body().migrationId}/checkout`).asMember(spouse)
    ).assertStatus(404)
  })

  test('a blocked member is refused with 409 and nothing is stored', async ({ client, assert }) => {
    for (const memberId of ['DEMO-1003', 'DEMO-1002']) {
      const member = await Member.findByOrFail('member_id', memberId)
      const before = await Migration.query().where('member_id', member.id).count('* as total')
      const response = await client
        .post('/api/migration/create')
        .json({ memberIds: [member.id], ...SELECTION, paymentFrequency: 'one-time' })
        .asMember(member)
        .withCsrfToken()
      response.assertStatus(409)
      assert.equal(response.body().success, false)
      const after = await Migration.query().where('member_id', member.id).count('* as total')
      assert.equal(Number(after[0].$extras.total), Number(before[0].$extras.total))
    }
  })

  test('another family member id is refused', async ({ client }) => {
    const principal = await anna()
    const stranger = await Member.findByOrFail('member_id', 'DEMO-1005-C1')
    const response = await client
      .post('/api/migration/create')
      .json({ memberIds: [stranger.id], ...SELECTION })
      .asMember(principal)
      .withCsrfToken()
    response.assertStatus(422)
    response.assertBodyContains({
      error: 'One or more selected members are not part of your family',
    })
  })

  test('sandbox confirm moves the own pending migration on; then the member is blocked', async ({
    client,
    assert,
  }) => {
    const principal = await anna()
    const created = (
      await client
        .post('/api/migration/create')
        .json({ memberIds: [principal.id], ...SELECTION })
        .asMember(principal)
        .withCsrfToken()
    ).body()
    await consentTo(created.migrationId)
    const confirm = await client
      .post(`/api/migration/${created.migrationId}/sandbox-confirm`)
      .asMember(principal)
      .withCsrfToken()
    confirm.assertStatus(200)
    assert.containsSubset(confirm.body(), { migrationReference: created.migrationReference })
    const migration = await Migration.findOrFail(created.migrationId)
    assert.equal(migration.payment_status, 'succeeded')
    assert.notEqual(migration.status, 'pending')
    const status = await client.get('/api/member/migration-status').asMember(principal)
    assert.isTrue(status.body().blocked)
    const again = await client
      .post(`/api/migration/${created.migrationId}/sandbox-confirm`)
      .asMember(principal)
      .withCsrfToken()
    again.assertStatus(409)
  })

  test("sandbox confirm refuses another member's migration", async ({ client, assert }) => {
    const principal = await anna()
    const created = (
      await client
        .post('/api/migration/create')
        .json({ memberIds: [principal.id], ...SELECTION })
        .asMember(principal)
        .withCsrfToken()
    ).body()
    const other = await Member.findByOrFail('member_id', 'DEMO-1005')
    const response = await client
      .post(`/api/migration/${created.migrationId}/sandbox-confirm`)
      .asMember(other)
      .withCsrfToken()
    response.assertStatus(404)
    assert.equal((await Migration.findOrFail(created.migrationId)).status, 'pending')
    const bad = await client
      .post('/api/migration/abc/sandbox-confirm')
      .asMember(other)
      .withCsrfToken()
    bad.assertStatus(422)
  })

  test('the payments config names the sandbox', async ({ client }) => {
    const response = await client.get('/api/payments/config')
    response.assertBody({ success: true, provider: 'sandbox', publishableKey: null })
  })
})
