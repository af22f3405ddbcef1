import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { Installment, Migration, quoteFor } from '#modules/migrations/index'
import { Payment } from '#modules/payments/index'
import { toCents } from '#modules/shared/index'
import { DEMO_MIGRATION_REFERENCE } from '#database/seed/demo_members'
import { isolateEachTest } from '#tests/helpers/database'

/**
 * The demo's migrated member comes from the real services. The suite's database is
 * fresh and seeded by the demo seeder (prepareTestDatabase: the seeders `npm start` runs).
 */
test.group('Demo data from the real services', (group) => {
  isolateEachTest(group)

  test("DEMO-1002's migration costs the pricing rule's quote to the cent, has its schedule, its paid payment and honest documents", async ({
    client,
    assert,
  }) => {
    const principal = await Member.findByOrFail('member_id', 'DEMO-1002')
    const migration = await Migration.findByOrFail('migration_reference', DEMO_MIGRATION_REFERENCE)
    const { quote } = await quoteFor(principal, {
      memberIds: [principal.id],
      durationType: '12_months',
      paymentFrequency: 'one-time',
      currency: 'EUR',
    })
    // EUR 2,600.00 of annual premium and the product's surcharge: EUR 2,652.00 (the demo showed 2,600.00).
    assert.equal(toCents(migration.total_amount), quote.totalAmount)
    assert.equal(quote.totalAmount, 265200)
    assert.deepInclude(
      {
        status: migration.status,
        payment_status: migration.payment_status,
        document_status: migration.document_status,
        payment_provider: migration.payment_provider,
      },
      {
        status: 'completed',
        payment_status: 'succeeded',
        document_status: 'generated',
        payment_provider: 'sandbox',
      }
    )

    const schedule = await Installment.query()
      .where('migration_id', migration.id)
      .orderBy('payment_number')
    assert.deepEqual(
      schedule.map((row) => [row.payment_number, toCents(row.amount)]),
      quote.installmentSchedule.map((row, index) => [index + 1, row.amount])
    )
    assert.deepEqual(
      schedule.map((row) => toCents(row.amount)),
      [265200]
    )
    const payments = await Payment.query().where('migration_id', migration.id)
    assert.deepEqual(
      payments.map((payment) => [toCents(payment.amount), payment.currency, payment.paid]),
      [[265200, 'EUR', true]]
    )
    assert.lengthOf(await db.from('migration_consents').where('migration_id', migration.id), 1)

    const area = (await client.get('/api/member/area').asMember(principal)).body()
    assert.equal(area.migration.totalAmount, quote.totalAmount / 100)
    assert.deepEqual(
      area.schedule.map((row: any) => [row.amount, row.status]),
      [[2652, 'paid']]
    )
    // The documents step made the principal's policy PDF: the area lists it, nothing is "being prepared".
    const documents = await db.from('documents').where('migration_id', migration.id)
    assert.lengthOf(documents, 1)
    assert.deepEqual(
      area.documents.map((document: any) => document.id),
      documents.map((document) => document.id)
    )
    assert.equal(area.documentsState, 'ready')
  })
})
