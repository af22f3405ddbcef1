import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { generateSyntheticMembers } from '#database/seed/synthetic_members'
import { generateSyntheticMigrations } from '#database/seed/synthetic_migrations'

const total = async (query: any) => Number((await query.count('* as total').first()).total)
const ours = () => db.from('migrations as m').where('m.migration_reference', 'like', 'MIG-TM-%')

test.group('Synthetic migration generator', (group) => {
  isolateEachTest(group)

  test('inserts N migrations of synthetic families with their plans, subscriptions and payments', async ({
    assert,
  }) => {
    // A tenth of the families on the disabled demo product: they never migrate.
    await generateSyntheticMembers({
      count: 1500,
      prefix: 'TM',
      products: ['Global Health Gold', 'Global Health Silver', 'Legacy Basic'],
    })
    const progress: number[] = []
    const result = await generateSyntheticMigrations({
      count: 700,
      memberPrefix: 'TM',
      batchSize: 300,
      onProgress: (done) => progress.push(done),
    })

    assert.equal(result.migrations, 700)
    assert.equal(await total(ours()), 700)
    assert.deepEqual(progress, [300, 600, 700])
    assert.equal(
      await total(
        ours()
          .join('members as mb', 'mb.id', 'm.member_id')
          .where('mb.product_name', 'Legacy Basic')
      ),
      0
    )
    assert.equal(
      await total(
        ours()
          .join('members as mb', 'mb.id', 'm.member_id')
          .whereNot('mb.insured_role', 'Principal')
      ),
      0
    )

    // Every status occurs; completed is the most frequent.
    const byStatus: Record<string, number> = Object.fromEntries(
      (await ours().groupBy('m.status').select('m.status').count('* as n')).map((row) => [
        row.status,
        Number(row.n),
      ])
    )
    assert.sameMembers(Object.keys(byStatus), [
      'pending',
      'processing',
      'completed',
      'completed_with_warnings',
      'failed',
    ])
    assert.equal(Math.max(...Object.values(byStatus)), byStatus.completed)

    // Selected members: the principal and their dependants, nobody else's.
    const strangers = ours()
      .join('migration_members as mm', 'mm.migration_id', 'm.id')
      .join('members as x', 'x.id', 'mm.member_id')
      .whereRaw('x.id <> m.member_id')
      .where((inner) =>
        inner.whereNull('x.principal_id').orWhereRaw('x.principal_id <> m.member_id')
      )
    assert.equal(await total(strangers), 0)
    assert.equal(
      await total(
        ours().whereNotExists((sub) =>
          sub
            .from('migration_members as mm')
            .whereColumn('mm.migration_id', 'm.id')
            .whereColumn('mm.member_id', 'm.member_id')
        )
      ),
      0
    )

    // The installment plan has number_of_payments rows adding up to the total.
    const plans = await ours()
      .join('installments as i', 'i.migration_id', 'm.id')
      .groupBy('m.id', 'm.number_of_payments', 'm.total_amount')
      .select('m.id', 'm.number_of_payments', 'm.total_amount')
      .count('* as rows')
      .sum('i.amount as planned')
    assert.lengthOf(plans, 700)
    for (const plan of plans) {
      assert.equal(Number(plan.rows), Number(plan.number_of_payments))
      assert.equal(
        Math.round(Number(plan.planned) * 100),
        Math.round(Number(plan.total_amount) * 100)
      )
    }

    // Subscriptions only for recurring plans; one-time paid migrations have one succeeded payment.
    assert.equal(
      await total(
        ours()
          .join('subscriptions as s', 's.migration_id', 'm.id')
          .where('m.payment_frequency', 'one-time')
      ),
      0
    )
    assert.isAbove(result.subscriptions, 50)
    assert.equal(
      await total(
        db.from('subscriptions').where('provider_subscription_id', 'like', 'sub_MIG-TM-%')
      ),
      result.subscriptions
    )
    const paidOneTime = ours()
      .where('m.payment_frequency', 'one-time')
      .where('m.payment_status', 'succeeded')
    assert.equal(
      await total(
        paidOneTime
          .clone()
          .join('payments as p', 'p.migration_id', 'm.id')
          .where('p.paid', true)
          .where('p.status', 'succeeded')
      ),
      await total(paidOneTime.clone())
    )
    assert.equal(
      await total(db.from('payments').where('provider_payment_id', 'like', '%MIG-TM-%')),
      result.payments
    )
    assert.equal(
      await total(
        ours()
          .join('payments as p', 'p.migration_id', 'm.id')
          .where('m.status', 'pending')
          .where('p.paid', true)
      ),
      0
    )

    // Some eligible principals have no migration at all.
    const unmigrated = db
      .from('members as mb')
      .where('mb.member_id', 'like', 'TM-%')
      .where('mb.insured_role', 'Principal')
      .whereNot('mb.product_name', 'Legacy Basic')
      .whereNotExists((sub) => sub.from('migrations as m').whereColumn('m.member_id', 'mb.id'))
    assert.isAbove(await total(unmigrated), 0)
  })
})
