import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { reconcile } from '#modules/payments/index'
import { isolateEachTest } from '#tests/helpers/database'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { demoAdmin } from '#tests/helpers/admin_session'
import { Member } from '#modules/members/index'

const CLEAN = 1000

/** A Stripe charge as the list endpoint answers it. */
function charge(
  id: string,
  paymentIntent: string,
  amount: number,
  currency: string,
  status: string,
  created: number
) {
  return {
    id,
    object: 'charge',
    payment_intent: paymentIntent,
    invoice: null,
    amount,
    currency,
    status,
    refunded: false,
    created,
  }
}

test.group('Reconciliation with the provider', (group) => {
  isolateEachTest(group)
  const stripe = new StripeDouble()
  group.setup(serveStripeDouble(stripe))
  group.each.setup(() => {
    stripe.ledger.charges = []
    stripe.ledger.refunds = []
    stripe.ledger.disputes = []
    stripe.ledger.invoice_payments = []
  })

  test('finds exactly the seeded mismatches, one of each kind, among 1,000 clean charges', async ({
    assert,
  }) => {
    const { migration } = await createPendingMigration({ provider: 'stripe' })
    const now = DateTime.local()
    const created = now.minus({ hours: 2 })
    const payment = (key: string, amount: string, currency = 'EUR', paid = true) => ({
      migration_id: migration.id,
      subscription_id: null,
      provider_payment_id: key,
      amount,
      currency,
      status: paid ? 'succeeded' : 'failed',
      paid,
      created: created.toFormat('yyyy-MM-dd HH:mm:ss'),
      created_at: now.toFormat('yyyy-MM-dd HH:mm:ss'),
      updated_at: now.toFormat('yyyy-MM-dd HH:mm:ss'),
    })
    const rows = Array.from({ length: CLEAN }, (_, i) =>
      payment(`pi_clean_${i}`, `${100 + i}.${String(i % 100).padStart(2, '0')}`)
    )
    rows.push(
      payment('pi_lost', '50.00'),
      payment('pi_amount', '100.00'),
      payment('pi_currency', '70.00'),
      payment('pi_status', '80.00'),
      // An installment: our row is keyed by its invoice; the charge names only its PaymentIntent.
      payment('in_installment', '30.00')
    )
    for (let i = 0; i < rows.length; i += 200)
      await db.table('payments').multiInsert(rows.slice(i, i + 200))

    const at = Math.floor(created.toSeconds())
    const charges = Array.from({ length: CLEAN }, (_, i) =>
      charge(
        `ch_clean_${i}`,
        `pi_clean_${i}`,
        (100 + i) * 100 + (i % 100),
        'eur',
        'succeeded',
        at - i
      )
    )
    charges.push(
      charge('ch_ghost', 'pi_ghost', 4200, 'eur', 'succeeded', at),
      charge('ch_amount', 'pi_amount', 10001, 'eur', 'succeeded', at),
      charge('ch_currency', 'pi_currency', 7000, 'usd', 'succeeded', at),
      charge('ch_status', 'pi_status', 8000, 'eur', 'failed', at),
      charge('ch_installment', 'pi_installment', 3000, 'eur', 'succeeded', at),
      // Outside the range: not listed, not compared.
      charge('ch_old', 'pi_old', 100, 'eur', 'succeeded', at - 40 * 86400)
    )
    stripe.ledger.charges = charges.sort((a, b) => b.created - a.created)
    stripe.ledger.invoice_payments = [
      {
        id: 'inpay_installment',
        object: 'invoice_payment',
        invoice: 'in_installment',
        payment: { type: 'payment_intent', payment_intent: 'pi_installment' },
        amount_paid: 3000,
        amount_requested: 3000,
        currency: 'eur',
        status: 'paid',
        created: at,
      },
    ]

    const run = await reconcile({
      from: now.minus({ days: 1 }),
      to: now,
      trigger: 'manual',
      startedBy: 'test',
    })

    const items = await db.from('reconciliation_items').where('run_id', run).orderBy('kind')
    assert.deepEqual(
      items.map((item) => [
        item.kind,
        item.provider_id,
        item.payment_key,
        item.provider_amount === null ? null : Number(item.provider_amount),
        item.our_amount === null ? null : Number(item.our_amount),
        item.provider_currency,
        item.our_currency,
        item.provider_status,
      ]),
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
    assert.deepEqual([Number(summary.provider_rows), Number(summary.mismatches)], [CLEAN + 5, 5])
    // Listed page by page (100 a page) with starting_after, never all at once.
    const listCalls = stripe.requests.filter(
      (call) => call.method === 'GET' && call.path === '/v1/charges'
    )
    assert.equal(listCalls.length, 11)
    assert.equal(listCalls[1].params.starting_after, charges[99].id)
    assert.lengthOf(await db.from('reconciliation_provider_rows').where('run_id', run), 0)
  }).timeout(120_000)

  test('compares provider refunds and disputes with our refund and dispute rows', async ({
    assert,
  }) => {
    const { migration } = await createPendingMigration({ provider: 'stripe' })
    const now = DateTime.local()
    const stamp = now.minus({ hours: 2 }).toFormat('yyyy-MM-dd HH:mm:ss')
    const at = Math.floor(now.minus({ hours: 2 }).toSeconds())
    await db.table('payments').insert({
      migration_id: migration.id,
      provider_payment_id: 'pi_paid',
      amount: '100.00',
      currency: 'EUR',
      status: 'partially_refunded',
      paid: true,
      created: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    const ourRefund = (id: string, cents: number, status: string) => ({
      migration_id: migration.id,
      provider: 'stripe',
      refund_key: `key_${id}`,
      provider_refund_id: id,
      provider_payment_id: 'pi_paid',
      amount_cents: cents,
      currency: 'EUR',
      status,
      origin: 'portal',
      created_at: stamp,
      updated_at: stamp,
    })
    await db
      .table('payment_refunds')
      .multiInsert([
        ourRefund('re_clean', 1000, 'succeeded'),
        ourRefund('re_amount', 900, 'succeeded'),
        ourRefund('re_status', 500, 'pending'),
        ourRefund('re_lost', 700, 'succeeded'),
      ])
    const ourDispute = (id: string, status: string) => ({
      migration_id: migration.id,
      provider: 'stripe',
      provider_dispute_id: id,
      provider_payment_id: 'pi_paid',
      amount_cents: 2000,
      currency: 'EUR',
      status,
      opened_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    await db
      .table('payment_disputes')
      .multiInsert([
        ourDispute('dp_clean', 'needs_response'),
        ourDispute('dp_status', 'needs_response'),
        ourDispute('dp_lost', 'under_review'),
      ])
    const refund = (id: string, amount: number, status: string) => ({
      id,
      object: 'refund',
      payment_intent: 'pi_paid',
      charge: 'ch_paid',
      amount,
      currency: 'eur',
      status,
      created: at,
    })
    const dispute = (id: string, status: string) => ({
      id,
      object: 'dispute',
      payment_intent: 'pi_paid',
      charge: 'ch_paid',
      amount: 2000,
      currency: 'eur',
      status,
      created: at,
    })
    stripe.ledger.charges = [charge('ch_paid', 'pi_paid', 10000, 'eur', 'succeeded', at)]
    stripe.ledger.refunds = [
      refund('re_clean', 1000, 'succeeded'),
      refund('re_amount', 1000, 'succeeded'),
      refund('re_status', 500, 'succeeded'),
      refund('re_ghost', 300, 'succeeded'),
      // A refund that moved no money is not ours to record.
      refund('re_failed_elsewhere', 400, 'failed'),
    ]
    stripe.ledger.disputes = [
      dispute('dp_clean', 'needs_response'),
      dispute('dp_status', 'won'),
      dispute('dp_ghost', 'warning_needs_response'),
    ]

    const run = await reconcile({
      from: now.minus({ days: 1 }),
      to: now,
      trigger: 'manual',
      startedBy: 'test',
    })

    const items = await db
      .from('reconciliation_items')
      .where('run_id', run)
      .orderBy(['object_type', 'kind'])
    assert.deepEqual(
      items.map((item) => [
        item.object_type,
        item.kind,
        item.provider_id,
        item.provider_amount === null ? null : Number(item.provider_amount),
        item.our_amount === null ? null : Number(item.our_amount),
        item.provider_status,
        item.our_status,
      ]),
      [
        ['dispute', 'missing_at_provider', 'dp_lost', null, 2000, null, 'under_review'],
        ['dispute', 'missing_here', 'dp_ghost', 2000, null, 'warning_needs_response', null],
        ['dispute', 'status_differs', 'dp_status', 2000, 2000, 'won', 'needs_response'],
        ['refund', 'amount_differs', 're_amount', 1000, 900, 'succeeded', 'succeeded'],
        ['refund', 'missing_at_provider', 're_lost', null, 700, null, 'succeeded'],
        ['refund', 'missing_here', 're_ghost', 300, null, 'succeeded', null],
        ['refund', 'status_differs', 're_status', 500, 500, 'succeeded', 'pending'],
      ]
    )
  }).timeout(60_000)

  test('Reconcile now, the Finance list with its filters, and the CSV export', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const { migration } = await createPendingMigration({ provider: 'stripe' })
    const now = DateTime.local()
    const stamp = now.minus({ minutes: 5 }).toFormat('yyyy-MM-dd HH:mm:ss')
    await db.table('payments').insert({
      migration_id: migration.id,
      provider_payment_id: 'pi_only_here',
      amount: '12.34',
      currency: 'EUR',
      status: 'succeeded',
      paid: true,
      created: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    stripe.ledger.charges = [
      charge(
        'ch_only_there',
        'pi_only_there',
        999,
        'eur',
        'succeeded',
        Math.floor(now.toSeconds()) - 60
      ),
    ]

    const day = now.toISODate()
    // From the payment's day: five minutes after midnight it was yesterday's (a run at 00:05 missed it).
    const ran = await client
      .post('/api/admin/finance/reconciliation-runs')
      .json({ from: now.minus({ minutes: 5 }).toISODate(), to: day })
      .asAdmin(admin)
      .withCsrfToken()
    ran.assertStatus(200)
    assert.containsSubset(ran.body().run, { status: 'finished', provider_rows: 1, mismatches: 2 })

    const list = await client
      .get('/api/admin/finance/reconciliation')
      .qs({ sort: '["id","ASC"]', range: '[0,9]', filter: '{"kind":"missing_here"}' })
      .asAdmin(admin)
    list.assertStatus(200)
    assert.equal(list.header('content-range'), 'reconciliation 0-0/1')
    assert.containsSubset(list.body(), [
      {
        kind: 'missing_here',
        provider_id: 'ch_only_there',
        provider_amount_cents: 999,
        source: 'stripe',
      },
    ])
    const all = await client.get('/api/admin/finance/reconciliation').asAdmin(admin)
    assert.equal(all.header('content-range'), 'reconciliation 0-1/2')

    const csv = await client
      .get('/api/admin/finance/reconciliation-export')
      .qs({ filter: '{"kind":"missing_at_provider"}' })
      .asAdmin(admin)
    csv.assertStatus(200)
    assert.equal(csv.header('content-type'), 'text/csv; charset=utf-8')
    // UTF-8 with a BOM, CRLF line ends (the list exports' one writer, modules/shared/spreadsheet_export.ts).
    assert.isTrue(csv.text().startsWith('\ufeff'))
    const lines = csv.text().slice(1).trim().split('\r\n')
    assert.equal(
      lines[0],
      'id,run_id,source,kind,object_type,provider_id,payment_key,payment_id,provider_amount_cents,our_amount_cents,provider_currency,our_currency,provider_status,our_status'
    )
    assert.lengthOf(lines, 2)
    assert.include(lines[1], ',stripe,missing_at_provider,charge,,pi_only_here,')
    assert.include(lines[1], ',1234,,EUR,,succeeded')

    const backwards = await client
      .post('/api/admin/finance/reconciliation-runs')
      .json({ from: day, to: now.minus({ days: 1 }).toISODate() })
      .asAdmin(admin)
      .withCsrfToken()
    backwards.assertStatus(422)
    assert.equal(backwards.body().error, 'The end date must not be before the start date')
    ;(
      await client
        .post('/api/admin/finance/reconciliation-runs')
        .json({ from: 'yesterday', to: day })
        .asAdmin(admin)
        .withCsrfToken()
    ).assertStatus(422)
    ;(
      await client
        .get('/api/admin/finance/reconciliation')
        .qs({ filter: '{"kind":"lost"}' })
        .asAdmin(admin)
    ).assertStatus(422)
    ;(await client.get('/api/admin/finance/reconciliation')).assertStatus(401)
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    ;(await client.get('/api/admin/finance/reconciliation-export').asMember(member)).assertStatus(
      401
    )
  }).timeout(60_000)
})
