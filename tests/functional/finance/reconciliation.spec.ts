import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { reconcile } from '#modules/payments/index'
import { isolateEachTest } from '#tests/helpers/database'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'

const CLEAN = 1000

/** A Stripe charge as the list endpoint answers it. */
function charge(id: string, paymentIntent: string, amount: number, currency: string, status: string, created: number) {
  return { id, object: 'charge', payment_intent: paymentIntent, invoice: null, amount, currency, status, refunded: false, created }
}

test.group('Reconciliation with the provider (issue 24 §6)', (group) => {
  isolateEachTest(group)
  const stripe = new StripeDouble()
  group.setup(serveStripeDouble(stripe))

  test('finds exactly the seeded mismatches, one of each kind, among 1,000 clean charges', async ({ assert }) => {
    const { migration } = await createPendingMigration({ provider: 'stripe' })
    const now = DateTime.local()
    const created = now.minus({ hours: 2 })
    const payment = (key: string, amount: string, currency = 'EUR', paid = true) => ({
      migration_id: migration.id, subscription_id: null, provider_payment_id: key, amount, currency, status: paid ? 'succeeded' : 'failed', paid,
      created: created.toFormat('yyyy-MM-dd HH:mm:ss'), created_at: now.toFormat('yyyy-MM-dd HH:mm:ss'), updated_at: now.toFormat('yyyy-MM-dd HH:mm:ss'),
    })
    const rows = Array.from({ length: CLEAN }, (_, i) => payment(`pi_clean_${i}`, `${100 + i}.${String(i % 100).padStart(2, '0')}`))
    rows.push(payment('pi_lost', '50.00'), payment('pi_amount', '100.00'), payment('pi_currency', '70.00'), payment('pi_status', '80.00'))
    for (let i = 0; i < rows.length; i += 200) await db.table('payments').multiInsert(rows.slice(i, i + 200))

    const at = Math.floor(created.toSeconds())
    const charges = Array.from({ length: CLEAN }, (_, i) => charge(`ch_clean_${i}`, `pi_clean_${i}`, (100 + i) * 100 + (i % 100), 'eur', 'succeeded', at - i))
    charges.push(
      charge('ch_ghost', 'pi_ghost', 4200, 'eur', 'succeeded', at),
      charge('ch_amount', 'pi_amount', 10001, 'eur', 'succeeded', at),
      charge('ch_currency', 'pi_currency', 7000, 'usd', 'succeeded', at),
      charge('ch_status', 'pi_status', 8000, 'eur', 'failed', at),
      // Outside the range: not listed, not compared.
      charge('ch_old', 'pi_old', 100, 'eur', 'succeeded', at - 40 * 86400)
    )
    stripe.ledger.charges = charges.sort((a, b) => b.created - a.created)

    const run = await reconcile({ from: now.minus({ days: 1 }), to: now, trigger: 'manual', startedBy: 'test' })

    const items = await db.from('reconciliation_items').where('run_id', run).orderBy('kind')
    assert.deepEqual(
      items.map((item) => [item.kind, item.provider_id, item.payment_key, item.provider_amount === null ? null : Number(item.provider_amount), item.our_amount === null ? null : Number(item.our_amount), item.provider_currency, item.our_currency, item.provider_status]),
      [
        ['amount_differs', 'ch_amount', 'pi_amount', 10001, 10000, 'EUR', 'EUR', 'succeeded'],
        ['currency_differs', 'ch_currency', 'pi_currency', 7000, 7000, 'USD', 'EUR', 'succeeded'],
        ['missing_at_provider', null, 'pi_lost', null, 5000, null, 'EUR', null],
        ['missing_here', 'ch_ghost', 'pi_ghost', 4200, null, 'EUR', null, 'succeeded'],
        ['status_differs', 'ch_status', 'pi_status', 8000, 8000, 'EUR', 'EUR', 'failed'],
      ]
    )
    const summary = await db.from('reconciliation_runs').where('id', run).firstOrFail()
    assert.include(summary, { status: 'finished', source: 'stripe', trigger: 'manual' })
    assert.deepEqual([Number(summary.provider_rows), Number(summary.mismatches)], [CLEAN + 4, 5])
    // Listed page by page (100 a page) with starting_after, never all at once.
    const listCalls = stripe.requests.filter((call) => call.method === 'GET' && call.path === '/v1/charges')
    assert.equal(listCalls.length, 11)
    assert.equal(listCalls[1].params.starting_after, charges[99].id)
    assert.lengthOf(await db.from('reconciliation_provider_rows').where('run_id', run), 0)
  }).timeout(120_000)
})
