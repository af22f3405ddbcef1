import { test } from '@japa/runner'
import { Payment, processPaymentEvent } from '#modules/payments/index'
import { readCache } from '#modules/shared/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { stripeEvent } from '#tests/helpers/stripe_events'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'

/** A lost dispute leaves revenue (once, whatever is replayed); an open or won one does not. */
const stripe = new StripeDouble()

test.group('Disputes in revenue', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe))

  /** DEMO-1001's one-time EUR 4,316.64 payment, fulfilled; the dashboard's figures read afresh. */
  async function paidAndFigures(client: any) {
    const fixture = await createPaidMigration()
    await createFulfilmentWorker().drain()
    const payment = await Payment.findByOrFail('migration_id', fixture.migration.id)
    const admin = await demoAdmin()
    const figures = async () => {
      // processPaymentEvent is called directly: the webhook's POST would drop the shared cache.
      readCache.invalidate()
      const stats = (await client.get('/api/admin/dashboard-stats').asAdmin(admin)).body()
      const charts = (await client.get('/api/admin/dashboard-charts').asAdmin(admin)).body()
      const eur = charts.revenueByCurrency.find((row: any) => row.currency === 'EUR')
      // The dashboard card's own per-currency figure beside the USD one must agree with the chart's.
      const cardEur = stats.subscriptions.totalRevenueByCurrency.find(
        (row: any) => row.currency === 'EUR'
      )
      return {
        usd: stats.subscriptions.totalRevenue as number,
        eur: eur?.amount ?? 0,
        cardEur: cardEur?.amount ?? 0,
      }
    }
    const dispute = (id: string, status: string) => ({
      id,
      object: 'dispute',
      amount: 431664,
      currency: 'eur',
      status,
      reason: 'fraudulent',
      payment_intent: payment.provider_payment_id,
      created: Math.floor(Date.now() / 1000),
    })
    return { fixture, figures, dispute }
  }

  test('opened, then lost, each event replayed: revenue drops once by the amount (EUR and its USD value)', async ({
    client,
    assert,
  }) => {
    const { fixture, figures, dispute } = await paidAndFigures(client)
    const before = await figures()
    assert.isAbove(before.usd, 0)
    const now = Math.floor(Date.now() / 1000)
    const opened = stripeEvent('charge.dispute.created', dispute('dp_lost', 'needs_response'), {
      created: now,
    })
    const review = stripeEvent('charge.dispute.updated', dispute('dp_lost', 'under_review'), {
      created: now + 10,
    })
    const lost = stripeEvent('charge.dispute.closed', dispute('dp_lost', 'lost'), {
      created: now + 20,
    })
    await processPaymentEvent(opened)
    await processPaymentEvent(opened)
    await processPaymentEvent(review)
    assert.deepEqual(await figures(), before, 'an open dispute leaves revenue as it was')
    for (const event of [lost, opened, review, lost]) await processPaymentEvent(event)
    const after = await figures()
    assert.equal(Math.round((before.eur - after.eur) * 100), 431664)
    assert.equal(Math.round((before.cardEur - after.cardEur) * 100), 431664)
    assert.isAbove(before.cardEur, 0)
    // The whole payment was disputed: the USD figure drops by its USD value (the migration's frozen rate).
    const usdOfPayment = Number(fixture.migration.total_amount_usd)
    assert.equal(Math.round((before.usd - after.usd) * 100), Math.round(usdOfPayment * 100))
  }).timeout(60_000)

  test('opened, then won, each event replayed: revenue stays as it was', async ({
    client,
    assert,
  }) => {
    const { figures, dispute } = await paidAndFigures(client)
    const before = await figures()
    const now = Math.floor(Date.now() / 1000)
    const opened = stripeEvent('charge.dispute.created', dispute('dp_won', 'needs_response'), {
      created: now,
    })
    const won = stripeEvent('charge.dispute.closed', dispute('dp_won', 'won'), {
      created: now + 20,
    })
    for (const event of [opened, won, opened, won]) await processPaymentEvent(event)
    assert.deepEqual(await figures(), before)
  }).timeout(60_000)
})
