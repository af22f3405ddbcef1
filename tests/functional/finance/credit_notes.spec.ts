import { test } from '@japa/runner'
import { writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { Payment, processPaymentEvent } from '#modules/payments/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { stripeEvent } from '#tests/helpers/stripe_events'
import { outboxMessages } from '#tests/helpers/outbox'
import { pdfText } from '#tests/helpers/pdf_text'
import { testTmpPath } from '#tests/helpers/test_paths'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'

const stripe = new StripeDouble()
const year = new Date().getUTCFullYear()

/** A refund the provider reports as made (as when an operator refunds in its dashboard). */
async function refundedAtProvider(migrationId: number, id: string, amount: number) {
  const payment = await Payment.findByOrFail('migration_id', migrationId)
  const now = Math.floor(Date.now() / 1000)
  const refund = {
    id,
    object: 'refund',
    amount,
    currency: 'eur',
    status: 'succeeded',
    payment_intent: payment.provider_payment_id,
    created: now,
    metadata: {},
  }
  return stripeEvent('refund.created', refund, { created: now })
}

async function pdfOf(bytes: Buffer, name: string) {
  const file = testTmpPath(name)
  await writeFile(file, bytes)
  return pdfText(file)
}

/** Credit notes (issue 40 §5): one per refund, numbered without gaps, emailed with the PDF. */
test.group('Credit notes of refunds', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe))

  test('a refund made at the provider: one credit note CN-<year>-000001 and one email with its PDF, whatever replays follow; the next refund takes the next number; the migration detail lists them', async ({
    assert,
    client,
  }) => {
    const { migration } = await createPaidMigration()
    const event = await refundedAtProvider(migration.id, 're_cn_1', 10000)
    await processPaymentEvent(event)
    await processPaymentEvent(event)
    await createFulfilmentWorker().drain()
    await processPaymentEvent(event)
    await createFulfilmentWorker().drain()

    const notes = await db.from('credit_notes').where('migration_id', migration.id)
    assert.deepEqual(
      notes.map((note) => [note.number, Number(note.amount_cents), note.currency]),
      [[`CN-${year}-000001`, 10000, 'EUR']]
    )
    const mails = await outboxMessages(`for ${migration.migration_reference}`)
    assert.lengthOf(mails, 1)
    assert.equal(
      mails[0].subject,
      `Credit note CN-${year}-000001 for ${migration.migration_reference}`
    )
    assert.include(
      String(mails[0].html).replace(/\s+/g, ' '),
      'We refunded EUR 100.00 for your coverage'
    )
    assert.deepEqual(
      mails[0].attachments.map((file) => file.filename),
      [`credit-note-CN-${year}-000001.pdf`]
    )
    const text = (await pdfOf(mails[0].attachments[0].content, 'credit-note.pdf')).replace(
      /\s+/g,
      ' '
    )
    for (const line of [
      `Credit note CN-${year}-000001`,
      `Refund of ${migration.migration_reference}`,
      `Refunded to: ${migration.insured_full_name} (DEMO-1001)`,
      'Amount refunded: EUR 100.00',
      'Provider refund: re_cn_1',
    ])
      assert.include(text, line)

    await processPaymentEvent(await refundedAtProvider(migration.id, 're_cn_2', 2500))
    await createFulfilmentWorker().drain()
    const numbers = (await db.from('credit_notes').orderBy('id').select('number')).map(
      (row) => row.number
    )
    assert.deepEqual(numbers, [`CN-${year}-000001`, `CN-${year}-000002`])

    // The migration's detail lists them for every role that reads migrations, each PDF as emailed.
    const support = await AdminUser.create({
      username: 'cn_support',
      email: 'cn_support@example.test',
      password: 'support-pass-55',
      role: 'support',
    })
    const listed = await client
      .get(`/api/admin/migrations/${migration.id}/credit-notes`)
      .asAdmin(support)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().creditNotes.map((note: any) => [note.number, note.amountCents, note.currency]),
      [
        [`CN-${year}-000001`, 10000, 'EUR'],
        [`CN-${year}-000002`, 2500, 'EUR'],
      ]
    )
    const pdf = await client
      .get(`/api/admin/credit-notes/${listed.body().creditNotes[0].id}/pdf`)
      .asAdmin(support)
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    ;(await client.get('/api/admin/credit-notes/999999/pdf').asAdmin(support)).assertStatus(404)
    ;(await client.get(`/api/admin/migrations/${migration.id}/credit-notes`)).assertStatus(401)
  }).timeout(60_000)

  test('the member area lists each credit note with its number, amount and date, and gives the PDF as emailed; another member gets 404', async ({
    assert,
    client,
  }) => {
    const { migration, principal } = await createPaidMigration()
    await processPaymentEvent(await refundedAtProvider(migration.id, 're_cn_area', 12345))
    await createFulfilmentWorker().drain()

    const area = await client.get('/api/member/area').asMember(principal)
    area.assertStatus(200)
    const notes = area.body().creditNotes
    assert.deepEqual(
      notes.map((note: any) => [note.number, note.amount, note.currency]),
      [[`CN-${year}-000001`, 123.45, 'EUR']]
    )
    assert.match(notes[0].issuedAt, /^\d{4}-\d\d-\d\dT/)
    const pdf = await client.get(`/api/member/credit-notes/${notes[0].id}`).asMember(principal)
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    assert.equal(
      pdf.header('content-disposition'),
      `attachment; filename="credit-note-CN-${year}-000001.pdf"`
    )
    const [mail] = await outboxMessages(`for ${migration.migration_reference}`)
    assert.isTrue(Buffer.from(pdf.body()).equals(mail.attachments[0].content), 'the PDF emailed')

    const other = await Member.findByOrFail('member_id', 'DEMO-1002')
    const refused = await client.get(`/api/member/credit-notes/${notes[0].id}`).asMember(other)
    refused.assertStatus(404)
    assert.equal(refused.body().error, 'Credit note not found')
    ;(await client.get(`/api/member/credit-notes/${notes[0].id}`)).assertStatus(401)
    ;(await client.get('/api/member/credit-notes/abc').asMember(principal)).assertStatus(422)
  }).timeout(60_000)

  test("in the member's language; five refunds drained by five workers at once take five numbers, none twice, none skipped", async ({
    assert,
  }) => {
    const { migration } = await createPaidMigration()
    const member = await Member.findOrFail(migration.member_id)
    member.language = 'de'
    await member.save()
    for (const n of [1, 2, 3, 4, 5])
      await processPaymentEvent(await refundedAtProvider(migration.id, `re_cn_many_${n}`, 1000))
    await Promise.all([1, 2, 3, 4, 5].map(() => createFulfilmentWorker().drain()))

    const numbers = (await db.from('credit_notes').orderBy('number').select('number')).map(
      (row) => row.number
    )
    assert.deepEqual(
      numbers,
      [1, 2, 3, 4, 5].map((n) => `CN-${year}-00000${n}`)
    )
    const mails = await outboxMessages(`zu ${migration.migration_reference}`)
    assert.lengthOf(mails, 5)
    const text = await pdfOf(mails[0].attachments[0].content, 'gutschrift.pdf')
    assert.include(text.replace(/\s+/g, ' '), 'Erstatteter Betrag: 10,00 EUR')
    assert.notInclude(text, 'Amount refunded')
  }).timeout(60_000)
})
