import { test } from '@japa/runner'
import { AdminUser } from '#modules/admins/index'
import { Payment, processPaymentEvent } from '#modules/payments/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { stripeEvent } from '#tests/helpers/stripe_events'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'

const stripe = new StripeDouble()

/** The Finance area's refunds and disputes lists, plain REST for ra-data-simple-rest. */
test.group(
  'Finance refunds and disputes lists (REST: sort, range, filter, Content-Range)',
  (group) => {
    isolateEachTest(group)
    group.setup(serveStripeDouble(stripe))

    test('a refund and a dispute made at the provider are listed with Content-Range, filtered by migration, status and origin, shown one by one; open disputes filter; bad queries answer 422', async ({
      client,
      assert,
    }) => {
      const { migration } = await createPaidMigration()
      const payment = await Payment.findByOrFail('migration_id', migration.id)
      const now = Math.floor(Date.now() / 1000)
      const refund = {
        id: 're_list_1',
        object: 'refund',
        amount: 10000,
        currency: 'eur',
        status: 'succeeded',
        payment_intent: payment.provider_payment_id,
        created: now,
        metadata: {},
      }
      await processPaymentEvent(stripeEvent('refund.created', refund, { created: now }))
      const dispute = (id: string, status: string, intent: string | null) => ({
        id,
        object: 'dispute',
        amount: 431664,
        currency: 'eur',
        status,
        reason: 'fraudulent',
        payment_intent: intent,
        created: now,
      })
      await processPaymentEvent(
        stripeEvent(
          'charge.dispute.created',
          dispute('dp_list_open', 'needs_response', payment.provider_payment_id),
          { created: now }
        )
      )
      await processPaymentEvent(
        stripeEvent(
          'charge.dispute.closed',
          dispute('dp_list_won', 'won', payment.provider_payment_id),
          { created: now }
        )
      )
      const admin = await demoAdmin()

      const refunds = await client
        .get('/api/admin/finance/refunds')
        .qs({
          sort: '["created_at","DESC"]',
          range: '[0,9]',
          filter: JSON.stringify({ migration_id: String(migration.id), origin: 'provider' }),
        })
        .asAdmin(admin)
      refunds.assertStatus(200)
      assert.equal(refunds.header('content-range'), 'refunds 0-0/1')
      assert.lengthOf(refunds.body(), 1)
      assert.deepInclude(refunds.body()[0], {
        migration_id: migration.id,
        migration_reference: migration.migration_reference,
        member_id: 'DEMO-1001',
        provider_refund_id: 're_list_1',
        amount_cents: 10000,
        currency: 'EUR',
        status: 'succeeded',
        origin: 'provider',
      })
      const shown = await client
        .get(`/api/admin/finance/refunds/${refunds.body()[0].id}`)
        .asAdmin(admin)
      assert.deepEqual(shown.body(), refunds.body()[0])
      const none = await client
        .get('/api/admin/finance/refunds')
        .qs({ filter: JSON.stringify({ migration_id: String(migration.id + 1) }) })
        .asAdmin(admin)
      assert.deepEqual([none.body(), none.header('content-range')], [[], 'refunds */0'])

      const disputes = await client
        .get('/api/admin/finance/disputes')
        .qs({ sort: '["opened_at","ASC"]', range: '[0,24]' })
        .asAdmin(admin)
      assert.equal(disputes.header('content-range'), 'disputes 0-1/2')
      const open = await client
        .get('/api/admin/finance/disputes')
        .qs({ filter: '{"status":"open"}' })
        .asAdmin(admin)
      assert.equal(open.header('content-range'), 'disputes 0-0/1')
      assert.deepInclude(open.body()[0], {
        provider_dispute_id: 'dp_list_open',
        migration_id: migration.id,
        status: 'needs_response',
        amount_cents: 431664,
      })
      const page2 = await client
        .get('/api/admin/finance/disputes')
        .qs({ sort: '["id","ASC"]', range: '[1,1]' })
        .asAdmin(admin)
      assert.equal(page2.header('content-range'), 'disputes 1-1/2')
      assert.equal(page2.body()[0].provider_dispute_id, 'dp_list_won')
      ;(
        await client
          .get('/api/admin/finance/refunds')
          .qs({ sort: '["password","ASC"]' })
          .asAdmin(admin)
      ).assertStatus(422)
      ;(
        await client
          .get('/api/admin/finance/refunds')
          .qs({ filter: '{"status":"lost"}' })
          .asAdmin(admin)
      ).assertStatus(422)
      ;(
        await client.get('/api/admin/finance/disputes').qs({ range: '[0,5000]' }).asAdmin(admin)
      ).assertStatus(422)
      const missing = await client.get('/api/admin/finance/disputes/999999').asAdmin(admin)
      missing.assertStatus(404)
      assert.equal(missing.body().error ?? missing.body().message, 'Dispute not found')
      ;(await client.get('/api/admin/finance/refunds')).assertStatus(401)
    }).timeout(60_000)

    test("an open dispute's evidence deadline is listed from the provider's evidence_details.due_by, moved by a later event, kept by an older one", async ({
      client,
      assert,
    }) => {
      const { migration } = await createPaidMigration()
      const payment = await Payment.findByOrFail('migration_id', migration.id)
      const now = Math.floor(Date.now() / 1000)
      const dueBy = now + 7 * 86_400
      const dispute = (status: string, due: number) => ({
        id: 'dp_deadline',
        object: 'dispute',
        amount: 5000,
        currency: 'eur',
        status,
        reason: 'fraudulent',
        payment_intent: payment.provider_payment_id,
        created: now,
        evidence_details: { due_by: due, has_evidence: false, submission_count: 0 },
      })
      // SQLite answers '2026-12-09 04:43:25' (UTC), MariaDB an ISO time: both read as seconds.
      const seconds = (value: string | undefined) =>
        value ? Date.parse(value.replace(' ', 'T').replace(/(\d)$/, '$1Z')) / 1000 : null
      const admin = await demoAdmin()
      const listed = async () =>
        (
          await client
            .get('/api/admin/finance/disputes')
            .qs({ filter: '{"status":"open"}', sort: '["evidence_due_by","ASC"]' })
            .asAdmin(admin)
        ).body()[0]?.evidence_due_by as string | undefined
      const created = stripeEvent('charge.dispute.created', dispute('needs_response', dueBy), {
        created: now,
      })
      await processPaymentEvent(created)
      assert.equal(seconds(await listed()), dueBy)
      // An extension on a later event with the same status moves the date; the older event replayed does not.
      const extended = stripeEvent(
        'charge.dispute.updated',
        dispute('needs_response', dueBy + 86_400),
        { created: now + 10 }
      )
      await processPaymentEvent(extended)
      await processPaymentEvent(created)
      assert.equal(seconds(await listed()), dueBy + 86_400)
    }).timeout(60_000)

    test("Support reads a migration's own refunds and disputes on its detail, not the Finance area's lists", async ({
      client,
      assert,
    }) => {
      const { migration } = await createPaidMigration()
      const payment = await Payment.findByOrFail('migration_id', migration.id)
      const now = Math.floor(Date.now() / 1000)
      const refund = {
        id: 're_own',
        object: 'refund',
        amount: 5000,
        currency: 'eur',
        status: 'succeeded',
        payment_intent: payment.provider_payment_id,
        created: now,
        metadata: {},
      }
      await processPaymentEvent(stripeEvent('refund.created', refund, { created: now }))
      const support = await AdminUser.create({
        username: 'money_support',
        email: 'money_support@example.test',
        password: 'support-pass-55',
        role: 'support',
      })
      for (const path of [
        '/api/admin/finance/refunds',
        '/api/admin/finance/disputes',
        '/api/admin/finance/refunds/1',
      ]) {
        const refused = await client.get(path).asAdmin(support)
        refused.assertStatus(403)
        assert.equal(refused.body().error, 'Your role (Support) cannot use the finance area')
      }
      // The migration's list stays its own, whatever filter the query asks for.
      const own = await client
        .get(`/api/admin/migrations/${migration.id}/refunds`)
        .qs({ filter: JSON.stringify({ migration_id: String(migration.id + 1) }) })
        .asAdmin(support)
      own.assertStatus(200)
      assert.equal(own.header('content-range'), 'refunds 0-0/1')
      assert.deepInclude(own.body()[0], {
        provider_refund_id: 're_own',
        migration_id: migration.id,
      })
      const disputes = await client
        .get(`/api/admin/migrations/${migration.id}/disputes`)
        .asAdmin(support)
      assert.deepEqual([disputes.status(), disputes.body()], [200, []])
      assert.equal(disputes.header('content-range'), 'disputes */0')
      ;(await client.get('/api/admin/migrations/abc/refunds').asAdmin(support)).assertStatus(422)
    }).timeout(60_000)
  }
)
