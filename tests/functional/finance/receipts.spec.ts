import { test } from '@japa/runner'
import { writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Payment, Subscription, processPaymentEvent } from '#modules/payments/index'
import { Job } from '#modules/jobs/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import {
  invoiceObject,
  signedDelivery,
  stripeEvent,
  WEBHOOK_SECRET,
} from '#tests/helpers/stripe_events'
import { outboxMessages } from '#tests/helpers/outbox'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { countStatuses, fireTimes } from '#tests/helpers/simultaneous'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { pdfText } from '#tests/helpers/pdf_text'
import { testTmpPath } from '#tests/helpers/test_paths'
import { consentTo } from '#tests/helpers/consent'

const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'EUR' }
const RECEIPT_SUBJECT = 'Receipt for installment'

async function paidQuarterly(client: any, memberId = 'DEMO-1001') {
  const principal = await Member.findByOrFail('member_id', memberId)
  const created = await client
    .post('/api/migration/create')
    .json({ memberIds: [principal.id], ...SELECTION })
    .asMember(principal)
    .withCsrfToken()
  created.assertStatus(200)
  await consentTo(created.body().migrationId)
  ;(
    await client
      .post(`/api/migration/${created.body().migrationId}/sandbox-confirm`)
      .asMember(principal)
      .withCsrfToken()
  ).assertStatus(200)
  await createFulfilmentWorker().drain()
  return { principal, migration: await Migration.findOrFail(created.body().migrationId) }
}

/** Installment 2 paid at the provider (invoice.paid), as Stripe reports a renewal. */
async function secondInstallmentPaid(migration: Migration) {
  const subscription = await Subscription.findByOrFail('migration_id', migration.id)
  const invoice = invoiceObject({
    id: `in_receipt_${migration.id}`,
    subscription: subscription.provider_subscription_id,
    migrationId: migration.id,
    amountCents: Math.round(migration.subscription_amount * 100),
    status: 'paid',
    created: Math.floor(Date.now() / 1000) + 60,
  })
  return stripeEvent('invoice.paid', invoice)
}

async function pdfOf(bytes: Buffer, name: string) {
  const file = testTmpPath(name)
  await writeFile(file, bytes)
  return pdfText(file)
}

const receiptsOf = async (migration: Migration) =>
  (await outboxMessages(RECEIPT_SUBJECT)).filter((mail) =>
    mail.subject?.includes(migration.migration_reference)
  )

test.group('Receipts of paid installments', (group) => {
  isolateEachTest(group)

  test('each paid installment: one receipt email with its PDF; the member area lists the receipt and the sandbox test card; another member gets 404', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidQuarterly(client)
    const event = await secondInstallmentPaid(migration)
    await processPaymentEvent(event)
    await processPaymentEvent(event)
    await processPaymentEvent(await secondInstallmentPaid(migration))
    await createFulfilmentWorker().drain()
    assert.lengthOf(
      await Job.query()
        .where('type', 'fulfilment.payment_receipt')
        .where('migration_id', migration.id),
      2
    )

    const mails = await receiptsOf(migration)
    assert.deepEqual(
      mails.map((mail) => mail.subject).sort(),
      [1, 2].map((n) => `Receipt for installment ${n} of ${migration.migration_reference}`)
    )
    const second = mails.find((mail) => mail.subject?.includes('installment 2 '))!
    assert.include(String(second.html || second.text).replace(/\s+/g, ' '), 'Visa •••• 4242')
    assert.lengthOf(second.attachments, 1)
    assert.equal(second.attachments[0].filename, `receipt-${migration.migration_reference}-2.pdf`)
    const amount = `EUR ${migration.subscription_amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    const mailed = await pdfOf(second.attachments[0].content, 'receipt-mailed.pdf')
    for (const text of [
      `Payer: ${migration.insured_full_name} (DEMO-1001)`,
      `Receipt reference: ${migration.migration_reference}-2`,
      'Installment: 2 of 4',
      `Amount: ${amount}`,
      'Currency: EUR',
      'Card: Visa •••• 4242',
      `Provider payment: in_receipt_${migration.id}`,
    ]) {
      assert.include(mailed, text)
    }
    assert.match(mailed, /Date paid: \d{2}\.\d{2}\.\d{4}/)

    const area = await client.get('/api/member/area').asMember(principal)
    area.assertStatus(200)
    assert.deepEqual(area.body().card, { brand: 'visa', last4: '4242', label: 'Visa •••• 4242' })
    const schedule = area.body().schedule
    assert.deepEqual(
      schedule.map((row: any) => row.status),
      ['paid', 'paid', 'due', 'due']
    )
    assert.isNull(schedule[2].receiptId)
    const payment = await Payment.findByOrFail('provider_payment_id', `in_receipt_${migration.id}`)
    assert.equal(schedule[1].receiptId, payment.id)

    const download = await client.get(`/api/member/receipts/${payment.id}`).asMember(principal)
    download.assertStatus(200)
    assert.equal(download.header('content-type'), 'application/pdf')
    assert.include(
      download.header('content-disposition'),
      `receipt-${migration.migration_reference}-2.pdf`
    )
    const downloaded = await pdfOf(
      Buffer.from(download.body() instanceof Buffer ? download.body() : download.text(), 'binary'),
      'receipt-downloaded.pdf'
    )
    assert.include(downloaded, `Amount: ${amount}`)

    // Another member, an unpaid installment, a bad id.
    const other = await Member.findByOrFail('member_id', 'DEMO-1002')
    const foreign = await client.get(`/api/member/receipts/${payment.id}`).asMember(other)
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, 'Receipt not found')
    ;(await client.get('/api/member/receipts/abc').asMember(principal)).assertStatus(422)
    ;(await client.get(`/api/member/receipts/${payment.id}`)).assertStatus(401)
  }).timeout(60_000)

  test('Stripe: the card on file is the one the provider reports (payment-method data from the double)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { principal, migration } = await paidQuarterly(client)
    const double = new StripeDouble()
    double.card = { brand: 'amex', last4: '0005' }
    cleanup(await serveStripeDouble(double, { webhookSecret: WEBHOOK_SECRET })())
    await db.from('migrations').where('id', migration.id).update({ payment_provider: 'stripe' })
    const subscription = await Subscription.findByOrFail('migration_id', migration.id)
    double.objects.set(subscription.provider_subscription_id, {
      id: subscription.provider_subscription_id,
      object: 'subscription',
      default_payment_method: double.paymentMethod(),
    })
    await processPaymentEvent(await secondInstallmentPaid(migration))
    await createFulfilmentWorker().drain()
    const second = (await receiptsOf(migration)).find((mail) =>
      mail.subject?.includes('installment 2 ')
    )!
    assert.include(
      String(second.html || second.text).replace(/\s+/g, ' '),
      'American Express •••• 0005'
    )
    const area = await client.get('/api/member/area').asMember(principal)
    assert.equal(area.body().card.label, 'American Express •••• 0005')
  }).timeout(60_000)
})

test.group('Receipts: simultaneous deliveries of one paid invoice', () => {
  test('10 simultaneous deliveries of the same invoice.paid → one receipt job, one receipt email', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const session = await family.signIn()
    const created = await session.post('/api/migration/create', {
      memberIds: [family.member.id],
      durationType: '12_months',
      currency: 'USD',
      paymentFrequency: 'quarterly',
    })
    assert.equal(created.status, 200)
    const migration = await Migration.findOrFail(created.body.migrationId)
    await consentTo(migration.id)
    assert.equal(
      (await session.post(`/api/migration/${migration.id}/sandbox-confirm`, {})).status,
      200
    )
    await createFulfilmentWorker().drain()
    cleanup(await serveStripeDouble(new StripeDouble(), { webhookSecret: WEBHOOK_SECRET })())

    const { payload, signature } = signedDelivery(
      await secondInstallmentPaid(await Migration.findOrFail(migration.id))
    )
    const answers = await fireTimes(10, () => ({
      path: '/api/webhooks/stripe',
      body: JSON.parse(payload),
      headers: { 'Stripe-Signature': signature },
    }))
    assert.deepEqual(countStatuses(answers), { 200: 10 })
    const payment = await Payment.findByOrFail('provider_payment_id', `in_receipt_${migration.id}`)
    assert.lengthOf(
      await Job.query()
        .where('type', 'fulfilment.payment_receipt')
        .where('dedupe_key', `receipt:${payment.id}`),
      1
    )
    await Promise.all([createFulfilmentWorker().drain(), createFulfilmentWorker().drain()])
    const mails = (await receiptsOf(migration)).filter((mail) =>
      mail.subject?.includes('installment 2 ')
    )
    assert.lengthOf(mails, 1)
  }).timeout(60_000)
})
