import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'
import { stripeEvent } from '#tests/helpers/stripe_events'
import { Member } from '#modules/members/index'
import { Product } from '#modules/catalog/index'
import { Installment, Migration } from '#modules/migrations/index'
import { Job } from '#modules/jobs/index'
import {
  Payment,
  Subscription,
  isEarlyCancellation,
  processPaymentEvent,
} from '#modules/payments/index'
import { today } from '#modules/shared/index'

/**
 * The Stripe subscription must charge exactly the stored installment schedule: the amounts, the
 * dates, nothing after the last one. The double (stripe_billing.ts) bills like Stripe; each test
 * pays every invoice it makes, as the webhook would report it, until the subscription ends.
 * Anna (2,400 USD a year) and Jonas (2,200) in USD: 4,600.00 a year.
 */
const stripe = new StripeDouble()
const unix = (date: string) => DateTime.fromISO(date, { zone: 'utc' }).toUnixInteger()
const dateOf = (seconds: number) => DateTime.fromSeconds(seconds, { zone: 'utc' }).toISODate()!

async function createMigration(client: any, durationType: string, paymentFrequency: string) {
  const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
  const jonas = await Member.findByOrFail('member_id', 'DEMO-1001-S')
  stripe.requests.length = 0
  stripe.objects.clear()
  const response = await client
    .post('/api/migration/create')
    .json({ memberIds: [anna.id, jonas.id], durationType, paymentFrequency, currency: 'USD' })
    .asMember(anna)
    .withCsrfToken()
  response.assertStatus(200)
  const migration = await Migration.findOrFail(response.body().migrationId)
  const subscription = await Subscription.findByOrFail('migration_id', migration.id)
  const installments = await Installment.query()
    .where('migration_id', migration.id)
    .orderBy('payment_number')
  const [price] = stripe.calls('POST /v1/prices')
  const [created] = stripe.calls('POST /v1/subscriptions')
  const priceObject = [...stripe.objects.values()].find(
    (object) => object.object === 'price' && object.metadata.migration_id === String(migration.id)
  )!
  return {
    body: response.body(),
    migration,
    subscriptionId: subscription.provider_subscription_id,
    installments,
    price,
    created,
    priceObject,
  }
}

/** Pays every invoice the subscription makes, in order, as Stripe would report them; then delivers its end. */
async function payWholePlan(subscriptionId: string) {
  const charges: { date: string; cents: number; prorated: boolean; requestsBefore: number }[] = []
  let invoice: any = stripe.billing.firstInvoice(subscriptionId, 'paid')
  while (invoice) {
    charges.push({
      date: dateOf(invoice.created),
      cents: invoice.amount_paid,
      prorated: Boolean(invoice.prorated),
      requestsBefore: stripe.requests.length,
    })
    await processPaymentEvent(stripeEvent('invoice.paid', invoice))
    invoice = stripe.billing.renew(subscriptionId)
  }
  await processPaymentEvent(
    stripeEvent('customer.subscription.deleted', stripe.subscriptionObject(subscriptionId, false))
  )
  return charges
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
const cents = (rows: Installment[]) => rows.map((row) => Math.round(row.amount * 100))

test.group('Stripe installments charge exactly the stored schedule', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe))

  /** Common to plans starting today: no trial, no invoice item at creation, the end set once payment 1 is paid. */
  function assertStartsToday(assert: any, created: any, migration: Migration, priceId: string) {
    assert.deepEqual(created.params, {
      'customer': migration.provider_customer_id,
      'items[0][price]': priceId,
      'proration_behavior': 'none',
      'payment_behavior': 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[migration_id]': String(migration.id),
      'metadata[migration_reference]': migration.migration_reference,
      'metadata[member_id]': 'DEMO-1001',
      'metadata[number_of_payments]': String(migration.number_of_payments),
      'expand[0]': 'latest_invoice.confirmation_secret',
    })
    assert.equal(created.idempotencyKey, `migration-${migration.id}-subscription`)
  }

  async function assertPlanEnd(assert: any, subscriptionId: string, months: number) {
    const anchor = stripe.billing.get(subscriptionId).anchor
    const [update] = stripe.calls(`POST /v1/subscriptions/${subscriptionId}`)
    const cancelAt = DateTime.fromSeconds(anchor, { zone: 'utc' }).plus({ months }).toUnixInteger()
    assert.deepEqual(update.params, {
      'cancel_at': String(cancelAt),
      'proration_behavior': 'none',
      'metadata[plan_ends_at]': String(cancelAt),
    })
    assert.equal(
      dateOf(cancelAt),
      DateTime.fromISO(today().toISODate()!).plus({ months }).toISODate()
    )
  }

  /** The end of a completed plan is no early cancellation: no cancelled-at date, no alert. */
  async function assertEndedNormally(assert: any, migration: Migration, subscriptionId: string) {
    const row = await Subscription.findByOrFail('provider_subscription_id', subscriptionId)
    assert.equal(row.status, 'canceled')
    assert.isNull(row.cancelled_at)
    assert.isFalse(isEarlyCancellation(row))
    assert.lengthOf(await Job.query().where('type', 'fulfilment.cancellation_alert'), 0)
    await migration.refresh()
    assert.include(migration, { payment_status: 'succeeded', status: 'processing' })
  }

  test('fixed date of 200 days, quarterly: 1,080.24, 1,080.24 and the reconciliation 360.07 — 2,520.55 in all', async ({
    client,
    assert,
  }) => {
    const product = await Product.findByOrFail('product_name', 'Global Health Gold')
    product.merge({ fixed_end_date: today().plus({ days: 200 }), enforce_fixed_end_date: false })
    await product.save()
    const { migration, subscriptionId, installments, price, created, priceObject } =
      await createMigration(client, 'fixed_date', 'quarterly')
    assert.deepEqual(cents(installments), [108024, 108024, 36007])
    assert.isTrue(installments[2].is_reconciliation)
    assert.include(price.params, {
      'unit_amount': '108024',
      'currency': 'usd',
      'recurring[interval]': 'month',
      'recurring[interval_count]': '3',
    })
    assertStartsToday(assert, created, migration, priceObject.id)

    const charges = await payWholePlan(subscriptionId)

    assert.deepEqual(
      charges.map((charge) => charge.cents),
      [108024, 108024, 36007]
    )
    assert.equal(sum(charges.map((charge) => charge.cents)), 252055)
    assert.deepEqual(
      charges.map((charge) => charge.date),
      installments.map((row) => row.due_date.toISODate())
    )
    assert.isTrue(charges.every((charge) => !charge.prorated))
    await assertPlanEnd(assert, subscriptionId, 9)
    const [item] = stripe.calls('POST /v1/invoiceitems')
    assert.deepEqual(item.params, {
      'customer': migration.provider_customer_id,
      'subscription': subscriptionId,
      'currency': 'usd',
      'amount': '-72017',
      'description': `Final installment 3 of ${migration.migration_reference}: reconciliation for the final partial period`,
      'metadata[migration_id]': String(migration.id),
      'metadata[installment]': '3',
    })
    assert.equal(item.idempotencyKey, `migration-${migration.id}-final-installment`)
    // Added once payment 2 was paid, before the clock reached payment 3.
    assert.isAtLeast(stripe.requests.indexOf(item), charges[1].requestsBefore)
    assert.isBelow(stripe.requests.indexOf(item), charges[2].requestsBefore)
    const payments = await Payment.query().where('migration_id', migration.id).where('paid', true)
    assert.equal(sum(payments.map((row) => Math.round(row.amount * 100))), 252055)
    await assertEndedNormally(assert, migration, subscriptionId)
  })

  test('12 months monthly: eleven payments of 383.33 and a last of 383.37 — 4,600.00 in all', async ({
    client,
    assert,
  }) => {
    const { migration, subscriptionId, installments, price, created, priceObject } =
      await createMigration(client, '12_months', 'monthly')
    assert.deepEqual(cents(installments), [...Array(11).fill(38333), 38337])
    assert.include(price.params, { 'unit_amount': '38333', 'recurring[interval_count]': '1' })
    assertStartsToday(assert, created, migration, priceObject.id)

    const charges = await payWholePlan(subscriptionId)

    assert.deepEqual(
      charges.map((charge) => charge.cents),
      [...Array(11).fill(38333), 38337]
    )
    assert.equal(sum(charges.map((charge) => charge.cents)), 460000)
    assert.deepEqual(
      charges.map((charge) => charge.date),
      installments.map((row) => row.due_date.toISODate())
    )
    await assertPlanEnd(assert, subscriptionId, 12)
    assert.deepEqual(
      stripe.calls('POST /v1/invoiceitems').map((call) => call.params.amount),
      ['4']
    )
    await assertEndedNormally(assert, migration, subscriptionId)
  })

  test('12 months quarterly: four equal payments of 1,150.00, no invoice item', async ({
    client,
    assert,
  }) => {
    const { migration, subscriptionId, installments, created, priceObject } = await createMigration(
      client,
      '12_months',
      'quarterly'
    )
    assert.deepEqual(cents(installments), [115000, 115000, 115000, 115000])
    assertStartsToday(assert, created, migration, priceObject.id)

    const charges = await payWholePlan(subscriptionId)

    assert.deepEqual(
      charges.map((charge) => charge.cents),
      [115000, 115000, 115000, 115000]
    )
    assert.deepEqual(
      charges.map((charge) => charge.date),
      installments.map((row) => row.due_date.toISODate())
    )
    await assertPlanEnd(assert, subscriptionId, 12)
    assert.lengthOf(stripe.calls('POST /v1/invoiceitems'), 0)
    await assertEndedNormally(assert, migration, subscriptionId)
  })

  test('a future fixed start date: payment 1 today, payment k on start + (k − 1) months, nothing before or after', async ({
    client,
    assert,
  }) => {
    // The 1st of the month after next: always in the future, on a day every month has.
    const start = today().plus({ months: 2 }).startOf('month')
    const product = await Product.findByOrFail('product_name', 'Global Health Gold')
    product.merge({ fixed_start_date: start, enforce_fixed_start_date: true })
    await product.save()
    const { body, migration, subscriptionId, installments, price, created, priceObject } =
      await createMigration(client, '12_months', 'monthly')
    assert.equal(body.startDate, start.toISODate())
    assert.deepEqual(cents(installments), [...Array(11).fill(38333), 38337])
    assert.deepEqual(
      installments.map((row) => row.due_date.toISODate()),
      [
        today().toISODate(),
        ...Array.from({ length: 11 }, (_, k) => start.plus({ months: k + 1 }).toISODate()),
      ]
    )

    const trialEnd = unix(start.plus({ months: 1 }).toISODate()!)
    const cancelAt = unix(start.plus({ months: 12 }).toISODate()!)
    assert.deepEqual(created.params, {
      'customer': migration.provider_customer_id,
      'items[0][price]': priceObject.id,
      'proration_behavior': 'none',
      'payment_behavior': 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[migration_id]': String(migration.id),
      'metadata[migration_reference]': migration.migration_reference,
      'metadata[member_id]': 'DEMO-1001',
      'metadata[number_of_payments]': '12',
      'metadata[plan_ends_at]': String(cancelAt),
      'trial_end': String(trialEnd),
      'trial_settings[end_behavior][missing_payment_method]': 'cancel',
      'add_invoice_items[0][price_data][currency]': 'usd',
      'add_invoice_items[0][price_data][product]': priceObject.product,
      'add_invoice_items[0][price_data][unit_amount]': '38333',
      'add_invoice_items[0][metadata][migration_id]': String(migration.id),
      'add_invoice_items[0][metadata][migration_reference]': migration.migration_reference,
      'add_invoice_items[0][metadata][member_id]': 'DEMO-1001',
      'add_invoice_items[0][metadata][installment]': '1',
      'cancel_at': String(cancelAt),
      'expand[0]': 'latest_invoice.confirmation_secret',
    })
    assert.equal(price.params.unit_amount, '38333')

    const charges = await payWholePlan(subscriptionId)

    assert.deepEqual(
      charges.map((charge) => charge.cents),
      [...Array(11).fill(38333), 38337]
    )
    assert.equal(sum(charges.map((charge) => charge.cents)), 460000)
    assert.deepEqual(
      charges.map((charge) => charge.date),
      installments.map((row) => row.due_date.toISODate())
    )
    // Nothing falls between checkout and the second due date, and the end was known at creation.
    assert.lengthOf(stripe.calls(`POST /v1/subscriptions/${subscriptionId}`), 0)
    assert.deepEqual(
      stripe.calls('POST /v1/invoiceitems').map((call) => call.params.amount),
      ['4']
    )
    await assertEndedNormally(assert, migration, subscriptionId)
  })
})
