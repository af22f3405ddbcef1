import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { deleteJobsOf, exited, startWorker, waitFor } from '#tests/helpers/worker_child'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'

/**
 * A worker killed (SIGKILL) after Stripe made the refund and before our write. After
 * the restart the job runs again with the same idempotency key: one refund at Stripe, one row,
 * and the states converge. Committed data (the worker is another process).
 */
const stripe = new StripeDouble()

test.group("Cancellation: kill -9 between the provider's refund and our write", (group) => {
  group.setup(serveStripeDouble(stripe))

  test('after the restart: one refund at Stripe, one refund row, cancelled and refunded', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { migration, eventId } = await createPaidMigration()
    cleanup(async () => {
      stripe.onRefund = null
      await deleteJobsOf(migration.id)
      await db
        .from('audit_entries')
        .where('entity_type', 'migration')
        .where('entity_id', String(migration.id))
        .delete()
      await db.from('webhook_events').where('event_id', eventId).delete()
      await migration.delete()
      await Member.query()
        .whereIn('member_id', ['DEMO-1001', 'DEMO-1001-S'])
        .update({ dhig_person_id: null, dhig_member_id: null })
    })
    await createFulfilmentWorker().drain()
    const child = startWorker({
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    })
    const died = exited(child)
    // The refund exists at Stripe; the worker dies before it reads the answer (the double answers after this hook).
    stripe.onRefund = () => child.kill('SIGKILL')
    const cancel = await client
      .post(`/api/admin/migrations/${migration.id}/cancellation`)
      .json({ reason: 'Moved abroad', effectiveOn: DateTime.utc().toISODate() })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    cancel.assertStatus(201)
    assert.equal((await died).signal, 'SIGKILL')
    stripe.onRefund = null
    const row = await db.from('payment_refunds').where('migration_id', migration.id).firstOrFail()
    assert.deepEqual([row.status, row.provider_refund_id], ['pending', null])

    // The restart: the dead worker's lease has run out.
    await db
      .from('jobs')
      .where('type', 'fulfilment.coverage_cancellation')
      .where('migration_id', migration.id)
      .update({
        locked_until: DateTime.local().minus({ seconds: 1 }).toFormat('yyyy-MM-dd HH:mm:ss'),
      })
    await createFulfilmentWorker().drain()
    await waitFor(
      async () =>
        (await db.from('coverage_cancellations').where('migration_id', migration.id).first())
          ?.status === 'completed',
      20_000
    )
    const calls = stripe
      .calls('POST /v1/refunds')
      .filter((call) => call.idempotencyKey === row.refund_key)
    assert.lengthOf(calls, 2)
    assert.lengthOf(
      stripe.ledger.refunds.filter((refund) => refund.payment_intent === row.provider_payment_id),
      1
    )
    const rows = await db.from('payment_refunds').where('migration_id', migration.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].status, 'succeeded')
    await migration.refresh()
    assert.deepEqual([migration.status, migration.payment_status], ['cancelled', 'refunded'])
  }).timeout(90_000)
})
