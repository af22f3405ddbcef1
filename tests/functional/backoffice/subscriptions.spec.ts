import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { AdminUser } from '#modules/admins/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')

test.group('Back-office subscriptions', (group) => {
  isolateEachTest(group)

  test('every subscription call needs an admin session', async ({ client }) => {
    for (const url of [
      '/api/admin/subscriptions',
      '/api/admin/subscriptions/stats',
      '/api/admin/subscriptions/early-cancellations',
      '/api/admin/subscriptions/problematic',
      '/api/admin/subscriptions/1/payments',
    ]) {
      const response = await client.get(url)
      response.assertStatus(401)
      response.assertBodyContains({ success: false, error: 'Admin authentication required' })
    }
    ;(await client.post('/api/admin/subscriptions/1/mark-reviewed').withCsrfToken()).assertStatus(
      401
    )
  })

  test('stats match the known data set', async ({ client }) => {
    await seedBackofficeData()
    const response = await client.get('/api/admin/subscriptions/stats').asAdmin(await admin())
    response.assertStatus(200)
    // Active: A (1200) and C trialing (1000); early: B (1000); unpaid: E past_due.
    response.assertBody({
      success: true,
      stats: {
        active_count: 2,
        active_total_value: 2200,
        early_cancellation_count: 1,
        early_cancellation_value: 1000,
        unpaid_count: 1,
        total_subscriptions: 4,
      },
    })
  })

  test('the list filters by status and searches by name, member ID or reference', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const as = await admin()
    const all = await client.get('/api/admin/subscriptions').asAdmin(as)
    assert.lengthOf(all.body().subscriptions, 4)
    const canceled = await client
      .get('/api/admin/subscriptions')
      .qs({ status: 'canceled' })
      .asAdmin(as)
    assert.deepEqual(
      canceled.body().subscriptions.map((row: any) => row.migration_reference),
      ['MIG-T-B']
    )
    const search = await client
      .get('/api/admin/subscriptions')
      .qs({ search: 'Johansson' })
      .asAdmin(as)
    assert.sameMembers(
      search.body().subscriptions.map((row: any) => row.migration_reference),
      ['MIG-T-C', 'MIG-T-E']
    )
    const row = all
      .body()
      .subscriptions.find((entry: any) => entry.migration_reference === 'MIG-T-A')
    assert.containsSubset(row, {
      status: 'active',
      payment_frequency: 'monthly',
      subscription_amount: 100,
      currency: 'USD',
      remaining_days: null,
    })
    assert.lengthOf(row.installment_schedule, 12)
    ;(
      await client.get('/api/admin/subscriptions').qs({ status: 'weird' }).asAdmin(as)
    ).assertStatus(422)
  })

  test('early cancellations show the remaining days, problematic the payment trouble', async ({
    client,
    assert,
  }) => {
    await seedBackofficeData()
    const as = await admin()
    const early = (
      await client.get('/api/admin/subscriptions/early-cancellations').asAdmin(as)
    ).body().earlyCancellations
    assert.deepEqual(
      early.map((row: any) => [
        row.migration_reference,
        row.remaining_days,
        row.early_cancellation_reviewed,
      ]),
      [['MIG-T-B', 30, false]]
    )
    const problematic = (
      await client.get('/api/admin/subscriptions/problematic').asAdmin(as)
    ).body().problematicSubscriptions
    assert.deepEqual(
      problematic.map((row: any) => [row.migration_reference, row.status]),
      [['MIG-T-E', 'past_due']]
    )
  })

  test('payment history newest first, with invoice fields', async ({ client, assert }) => {
    const { subA, subE } = await seedBackofficeData()
    const as = await admin()
    const payments = (
      await client.get(`/api/admin/subscriptions/${subA}/payments`).asAdmin(as)
    ).body().payments
    assert.lengthOf(payments, 2)
    assert.containsSubset(payments[0], {
      amount: 100,
      currency: 'USD',
      status: 'paid',
      paid: true,
      hosted_invoice_url: null,
    })
    assert.isTrue(payments[0].created > payments[1].created)
    assert.deepEqual(
      (await client.get(`/api/admin/subscriptions/${subE}/payments`).asAdmin(as)).body().payments,
      []
    )
    const missing = await client.get('/api/admin/subscriptions/999999/payments').asAdmin(as)
    missing.assertStatus(404)
    missing.assertBodyContains({ success: false, error: 'Subscription not found' })
  })

  test('mark reviewed is one-way and only for cancelled subscriptions', async ({
    client,
    assert,
  }) => {
    const { subA, subB } = await seedBackofficeData()
    const as = await admin()
    const response = await client
      .post(`/api/admin/subscriptions/${subB}/mark-reviewed`)
      .asAdmin(as)
      .withCsrfToken()
    response.assertStatus(200)
    const row = await db.from('subscriptions').where('id', subB).first()
    assert.isTrue(Boolean(Number(row.early_cancellation_reviewed)))
    ;(
      await client
        .post(`/api/admin/subscriptions/${subB}/mark-reviewed`)
        .asAdmin(as)
        .withCsrfToken()
    ).assertStatus(200)
    const active = await client
      .post(`/api/admin/subscriptions/${subA}/mark-reviewed`)
      .asAdmin(as)
      .withCsrfToken()
    active.assertStatus(409)
    active.assertBodyContains({
      success: false,
      error: 'Only cancelled subscriptions can be marked as reviewed',
    })
    ;(
      await client.post('/api/admin/subscriptions/424242/mark-reviewed').asAdmin(as).withCsrfToken()
    ).assertStatus(404)
  })
})
