import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { Installment, Migration } from '#modules/migrations/index'
import { Payment, Subscription, processPaymentEvent } from '#modules/payments/index'
import { Job } from '#modules/jobs/index'
import { dunningReminders } from '#modules/dunning/index'
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
import { baseUrl } from '#tests/helpers/browser'
import { demoAdmin } from '#tests/helpers/admin_session'
import { consentTo } from '#tests/helpers/consent'

const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'EUR' }
const FAILED_SUBJECT = 'did not go through'
const REMINDER_SUBJECT = 'is still open'

/** DEMO-1001 pays a quarterly plan through the sandbox (installment 1 paid). */
async function paidQuarterly(client: any) {
  const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
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

/** The failure event of installment 2 (what Stripe sends when the renewal charge is declined). */
async function failureEvent(migration: Migration, invoiceId = `in_dunning_${migration.id}`) {
  const subscription = await Subscription.findByOrFail('migration_id', migration.id)
  const invoice = invoiceObject({
    id: invoiceId,
    subscription: subscription.provider_subscription_id,
    migrationId: migration.id,
    amountCents: Math.round(migration.subscription_amount * 100),
    status: 'open',
  })
  return stripeEvent('invoice.payment_failed', invoice)
}

async function dunningCase(migrationId: number) {
  const row = await db.from('dunning_cases').where('migration_id', migrationId).firstOrFail()
  const failedAt =
    row.failed_at instanceof Date
      ? DateTime.fromJSDate(row.failed_at, { zone: 'utc' })
      : DateTime.fromSQL(String(row.failed_at), { zone: 'utc' })
  return { ...row, failedAt }
}

function linkOf(html: string | false | undefined) {
  const match = String(html).match(/href="([^"]*\/shop\/login\?token=[^"]*)"/)
  if (!match) throw new Error('no Pay-now link in the email')
  return new URL(match[1].replaceAll('&amp;', '&'))
}

test.group('Dunning of a failed installment', (group) => {
  isolateEachTest(group)

  test('a failed installment → exactly one email with a single-use Pay-now link that survives GET/HEAD by a scanner', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidQuarterly(client)
    const event = await failureEvent(migration)
    await processPaymentEvent(event)
    // The same failure reported again (a replay and a second event of the same invoice) changes nothing.
    await processPaymentEvent(event)
    await processPaymentEvent(await failureEvent(migration))
    assert.lengthOf(
      await Job.query()
        .where('type', 'dunning.installment_failed')
        .where('migration_id', migration.id),
      1
    )
    await createFulfilmentWorker().drain()
    await createFulfilmentWorker().drain()

    const mails = await outboxMessages(`${FAILED_SUBJECT}`).then((all) =>
      all.filter((mail) => mail.subject?.includes(migration.migration_reference))
    )
    assert.lengthOf(mails, 1)
    assert.equal(
      mails[0].subject,
      `Your payment for ${migration.migration_reference} did not go through`
    )
    assert.include(
      String(mails[0].text),
      `EUR ${migration.subscription_amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    )
    const link = linkOf(mails[0].html)
    assert.equal(link.searchParams.get('next'), 'pay')
    assert.equal((await dunningCase(migration.id)).stage, 1)

    // A mail scanner opens the link (GET and HEAD): the page is served, the token is not used.
    const path = `${link.pathname}${link.search}`
    for (const method of ['GET', 'HEAD']) {
      const answer = await fetch(`${baseUrl()}${path}`, { method })
      assert.equal(answer.status, 200, method)
    }
    const token = link.searchParams.get('token')
    const signIn = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: principal.date_of_birth.year })
      .withCsrfToken()
    signIn.assertStatus(200)
    const again = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: principal.date_of_birth.year })
      .withCsrfToken()
    again.assertStatus(401)
  }).timeout(60_000)

  test('a German member gets the failure email in German, its amount formatted for German', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidQuarterly(client)
    await Member.query().where('id', principal.id).update({ language: 'de' })
    await processPaymentEvent(await failureEvent(migration))
    await createFulfilmentWorker().drain()

    const mails = await outboxMessages('ist fehlgeschlagen').then((all) =>
      all.filter((mail) => mail.subject?.includes(migration.migration_reference))
    )
    assert.lengthOf(mails, 1)
    assert.equal(
      mails[0].subject,
      `Ihre Zahlung für ${migration.migration_reference} ist fehlgeschlagen`
    )
    const german = new Intl.NumberFormat('de', {
      style: 'currency',
      currency: 'EUR',
      currencyDisplay: 'code',
    })
      .format(migration.subscription_amount)
      .replace(/\u202f/g, '\u00a0')
    // Which installment, its amount and due date, and the day it failed (DATE_FORMAT).
    const second = await Installment.query()
      .where('migration_id', migration.id)
      .where('payment_number', 2)
      .firstOrFail()
    const failed = (await dunningCase(migration.id)).failedAt.toFormat('dd.MM.yyyy')
    assert.include(
      String(mails[0].text).replace(/\s+/g, ' '),
      `Die Rate 2 von 4 für Ihren Versicherungsschutz ${migration.migration_reference}, ${german.replace(/\s/g, ' ')} fällig am ${second.due_date.toFormat('dd.MM.yyyy')}, konnte am ${failed} nicht abgebucht werden.`
    )
  }).timeout(60_000)

  test('a French member: the installment, its amount and due date in French', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidQuarterly(client)
    await Member.query().where('id', principal.id).update({ language: 'fr' })
    await processPaymentEvent(await failureEvent(migration))
    await createFulfilmentWorker().drain()
    const mails = (await outboxMessages(migration.migration_reference)).filter(
      (mail) => !mail.subject?.includes('Reçu')
    )
    const second = await Installment.query()
      .where('migration_id', migration.id)
      .where('payment_number', 2)
      .firstOrFail()
    const failed = (await dunningCase(migration.id)).failedAt.toFormat('dd.MM.yyyy')
    const amount = new Intl.NumberFormat('fr', {
      style: 'currency',
      currency: 'EUR',
      currencyDisplay: 'code',
    })
      .format(migration.subscription_amount)
      .replace(/\s/g, ' ')
    const texts = mails.map((mail) => String(mail.text).replace(/\s+/g, ' '))
    assert.isTrue(
      texts.some((text) =>
        text.includes(
          `L’échéance 2 sur 4 de votre couverture ${migration.migration_reference}, ${amount} due le ${second.due_date.toFormat('dd.MM.yyyy')}, n’a pas pu être débitée le ${failed}.`
        )
      ),
      texts.join('\n')
    )
  }).timeout(60_000)

  test('reminders go out on the configured days (3 and 7) with the clock injected, each once', async ({
    client,
    assert,
  }) => {
    const { migration } = await paidQuarterly(client)
    await processPaymentEvent(await failureEvent(migration))
    await createFulfilmentWorker().drain()
    const { failedAt } = await dunningCase(migration.id)
    const reminders = async () =>
      (await outboxMessages(REMINDER_SUBJECT)).filter((mail) =>
        mail.subject?.includes(migration.migration_reference)
      )

    assert.equal((await dunningReminders.run(failedAt.plus({ days: 2, hours: 23 }))).sent, 0)
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 3 }))).sent, 1)
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 3, hours: 5 }))).sent, 0)
    assert.equal((await dunningCase(migration.id)).stage, 2)
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 6 }))).sent, 0)
    const seventh = await dunningReminders.run(failedAt.plus({ days: 7 }))
    assert.deepEqual(seventh, { sent: 1, failed: 0, errors: [] })
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 30 }))).sent, 0)
    const sent = await reminders()
    assert.lengthOf(sent, 2)
    assert.include(String(sent[0].text), 'reminder 1')
    assert.include(String(sent[1].text), 'reminder 2')
    // Each reminder brings a link of its own.
    assert.notEqual(
      linkOf(sent[0].html).searchParams.get('token'),
      linkOf(sent[1].html).searchParams.get('token')
    )
  }).timeout(60_000)

  test('the configured days are read from DUNNING_REMINDER_DAYS', async ({ client, assert }) => {
    await db
      .from('settings')
      .where('setting_key', 'DUNNING_REMINDER_DAYS')
      .update({ setting_value: '1' })
    const { migration } = await paidQuarterly(client)
    await processPaymentEvent(await failureEvent(migration))
    await createFulfilmentWorker().drain()
    const { failedAt } = await dunningCase(migration.id)
    await new Promise((resolve) => setTimeout(resolve, 5_100)) // the settings cache
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 1 }))).sent, 1)
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 7 }))).sent, 0)
  }).timeout(60_000)

  test('paying ends the sequence: no reminder after the installment is paid', async ({
    client,
    assert,
  }) => {
    const { principal, migration } = await paidQuarterly(client)
    await processPaymentEvent(await failureEvent(migration))
    await createFulfilmentWorker().drain()
    const { failedAt } = await dunningCase(migration.id)
    ;(await client.post('/api/member/pay-now').asMember(principal).withCsrfToken()).assertStatus(
      200
    )
    assert.isTrue(
      (await Payment.findByOrFail('provider_payment_id', `in_dunning_${migration.id}`)).paid
    )

    assert.equal((await dunningReminders.run(failedAt.plus({ days: 3 }))).sent, 0)
    assert.equal((await dunningReminders.run(failedAt.plus({ days: 7 }))).sent, 0)
    assert.lengthOf(
      (await outboxMessages(REMINDER_SUBJECT)).filter((mail) =>
        mail.subject?.includes(migration.migration_reference)
      ),
      0
    )
  }).timeout(60_000)
})

test.group('Dunning in the back-office (Subscriptions and the Finance area)', (group) => {
  isolateEachTest(group)

  test('the subscription shows its dunning stage; the Finance list pages with Content-Range, filters and sorts', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const { principal, migration } = await paidQuarterly(client)
    await processPaymentEvent(await failureEvent(migration))
    const subscriptionRow = async () =>
      (await client.get('/api/admin/subscriptions').asAdmin(admin))
        .body()
        .subscriptions.find((row: any) => row.migration_id === migration.id)
    assert.equal((await subscriptionRow()).dunning_stage, null)
    await createFulfilmentWorker().drain()
    assert.equal((await subscriptionRow()).dunning_stage, 'failure_email')
    const { failedAt } = await dunningCase(migration.id)
    await dunningReminders.run(failedAt.plus({ days: 3 }))
    assert.equal((await subscriptionRow()).dunning_stage, 'reminder_1')

    const list = await client
      .get('/api/admin/finance/dunning')
      .qs({ sort: '["failed_at","DESC"]', range: '[0,9]', filter: '{"status":"open"}' })
      .asAdmin(admin)
    list.assertStatus(200)
    assert.equal(list.header('content-range'), 'dunning 0-0/1')
    assert.containsSubset(list.body(), [
      {
        migration_id: migration.id,
        migration_reference: migration.migration_reference,
        stage: 'reminder_1',
        notices_sent: 2,
        paid: false,
        currency: 'EUR',
      },
    ])
    const shown = await client.get(`/api/admin/finance/dunning/${list.body()[0].id}`).asAdmin(admin)
    assert.equal(shown.body().stage, 'reminder_1')
    ;(await client.post('/api/member/pay-now').asMember(principal).withCsrfToken()).assertStatus(
      200
    )
    assert.equal((await subscriptionRow()).dunning_stage, 'paid')
    const open = await client
      .get('/api/admin/finance/dunning')
      .qs({ filter: '{"status":"open"}' })
      .asAdmin(admin)
    assert.deepEqual([open.body(), open.header('content-range')], [[], 'dunning */0'])
    const paid = await client
      .get('/api/admin/finance/dunning')
      .qs({ filter: '{"status":"paid"}' })
      .asAdmin(admin)
    assert.equal(paid.header('content-range'), 'dunning 0-0/1')

    const badSort = await client
      .get('/api/admin/finance/dunning')
      .qs({ sort: '["password","ASC"]' })
      .asAdmin(admin)
    badSort.assertStatus(422)
    assert.equal(
      badSort.body().error,
      'sort must be ["field","ASC"|"DESC"] with a field among id, failed_at, stage, last_notice_at, amount'
    )
    ;(
      await client.get('/api/admin/finance/dunning').qs({ range: '[0,5000]' }).asAdmin(admin)
    ).assertStatus(422)
    ;(
      await client
        .get('/api/admin/finance/dunning')
        .qs({ filter: '{"status":"lost"}' })
        .asAdmin(admin)
    ).assertStatus(422)
    ;(await client.get('/api/admin/finance/dunning/999999').asAdmin(admin)).assertStatus(404)
    ;(await client.get('/api/admin/finance/dunning')).assertStatus(401)
    ;(await client.get('/api/admin/finance/dunning').asMember(principal)).assertStatus(401)
  }).timeout(60_000)
})

test.group('Dunning: simultaneous deliveries of one failure event', () => {
  test('10 simultaneous deliveries of the same invoice.payment_failed → one job, one email', async ({
    assert,
    cleanup,
  }) => {
    const family = await committedPrincipal()
    cleanup(async () => {
      await db.from('dunning_cases').where('member_id', family.member.id).delete()
      await family.remove()
    })
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
    // Webhooks are taken once Stripe is configured (after the sandbox checkout above).
    cleanup(await serveStripeDouble(new StripeDouble(), { webhookSecret: WEBHOOK_SECRET })())

    const { payload, signature } = signedDelivery(
      await failureEvent(await Migration.findOrFail(migration.id))
    )
    const answers = await fireTimes(10, () => ({
      path: '/api/webhooks/stripe',
      body: JSON.parse(payload),
      headers: { 'Stripe-Signature': signature },
    }))
    assert.deepEqual(countStatuses(answers), { 200: 10 })
    assert.lengthOf(
      await Job.query()
        .where('type', 'dunning.installment_failed')
        .where('migration_id', migration.id),
      1
    )
    await Promise.all([createFulfilmentWorker().drain(), createFulfilmentWorker().drain()])
    const mails = (await outboxMessages(FAILED_SUBJECT)).filter((mail) =>
      mail.subject?.includes(migration.migration_reference)
    )
    assert.lengthOf(mails, 1)
  }).timeout(60_000)
})
