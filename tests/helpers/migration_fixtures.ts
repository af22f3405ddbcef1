import { DateTime } from 'luxon'
import { randomBytes } from 'node:crypto'
import { Member } from '#modules/members/index'
import Migration from '#modules/migrations/models/migration'
import MigrationMember from '#modules/migrations/models/migration_member'
import Installment from '#modules/migrations/models/installment'
import { confirmSandboxPayment, principalSnapshot } from '#modules/migrations/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { consentTo } from './consent.js'

/**
 * A pending migration of DEMO-1001 (Anna Schmidt) and her spouse, paid in
 * EUR (rate 0.92, surcharge 2 %): USD 2,400 + 2,200 = USD 4,600.00,
 * EUR 2,252.16 + 2,064.48 = EUR 4,316.64 for 12 months.
 */
export async function createPendingMigration(
  options: {
    frequency?: 'one-time' | 'monthly'
    provider?: 'stripe' | 'sandbox'
    paymentIntentId?: string
  } = {}
) {
  const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
  const spouse = await Member.findByOrFail('member_id', 'DEMO-1001-S')
  const frequency = options.frequency ?? 'one-time'
  const start = DateTime.now().startOf('day')
  const migration = await Migration.create({
    migration_reference: `MIG-T${randomBytes(4).toString('hex').toUpperCase()}`,
    ...principalSnapshot(principal),
    currency: 'EUR',
    exchange_rate: 0.92,
    surcharge_percentage: 2,
    total_amount: 4316.64,
    total_amount_usd: 4600,
    subscription_amount: frequency === 'monthly' ? 359.72 : 4316.64,
    number_of_payments: frequency === 'monthly' ? 12 : 1,
    duration_type: '12_months',
    duration_days: 365,
    start_date: start,
    end_date: start.plus({ months: 12 }),
    payment_frequency: frequency,
    status: 'pending',
    payment_status: 'pending',
    document_status: 'pending',
    email_status: 'pending',
    api_status: 'pending',
    payment_provider: options.provider ?? 'stripe',
    payment_intent_id: options.paymentIntentId ?? null,
  })
  for (const [member, premium] of [
    [principal, 2252.16],
    [spouse, 2064.48],
  ] as const) {
    await MigrationMember.create({
      migration_id: migration.id,
      member_id: member.id,
      insured_full_name: member.insured_full_name,
      insured_role: member.insured_role,
      member_id_str: member.member_id,
      date_of_birth: member.date_of_birth,
      final_premium: member.final_premium,
      premium_currency: member.premium_currency,
      annual_premium: premium,
      calculated_premium: premium,
    })
  }
  await Installment.create({
    migration_id: migration.id,
    payment_number: 1,
    amount: migration.subscription_amount,
    due_date: start,
    is_reconciliation: false,
  })
  return { migration, principal, spouse }
}

/** A migration whose payment was just confirmed (as the sandbox provider does): processing, fulfilment queued. */
export async function createPaidMigration() {
  const fixture = await createPendingMigration()
  const { processPaymentEvent } = await import('#modules/payments/index')
  const { stripeEvent } = await import('./stripe_events.js')
  const intent = {
    id: `pi_${fixture.migration.migration_reference}`,
    object: 'payment_intent',
    amount: 431664,
    amount_received: 431664,
    currency: 'eur',
    status: 'succeeded',
    created: Math.floor(Date.now() / 1000),
    metadata: { migration_id: String(fixture.migration.id) },
  }
  const event = stripeEvent('payment_intent.succeeded', intent)
  await processPaymentEvent(event)
  await fixture.migration.refresh()
  return { ...fixture, eventId: event.id }
}

/** DEMO-1001's one-time EUR 4,316.64 coverage paid through the sandbox and fulfilled (completed). */
export async function paidSandboxCoverage() {
  const { migration, principal } = await createPendingMigration({
    provider: 'sandbox',
    paymentIntentId: `pi_sandbox_${randomBytes(6).toString('hex')}`,
  })
  await consentTo(migration.id)
  await confirmSandboxPayment(principal, migration.id)
  await createFulfilmentWorker().drain()
  await migration.refresh()
  return migration
}
