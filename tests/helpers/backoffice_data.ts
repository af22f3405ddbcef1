import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Member } from '#modules/members/index'

const SQL = 'yyyy-MM-dd HH:mm:ss'
const now = () => DateTime.utc()

/** Inserts a migration for a demo member; amounts and statuses as given. Returns its id. */
export async function insertMigration(memberId: string, values: Record<string, unknown>) {
  const member = await Member.findByOrFail('member_id', memberId)
  const [id] = await db.table('migrations').insert({
    migration_reference: `MIG-T-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    member_id: member.id,
    insured_full_name: member.insured_full_name,
    member_id_str: member.member_id,
    email: member.email,
    date_of_birth: member.date_of_birth.toISODate(),
    product_name: member.product_name,
    plan_name: member.plan_name,
    currency: 'USD',
    exchange_rate: 1,
    surcharge_percentage: 0,
    total_amount: 1200,
    total_amount_usd: 1200,
    subscription_amount: 1200,
    number_of_payments: 1,
    duration_type: '12_months',
    duration_days: 365,
    start_date: now().toISODate(),
    end_date: now().plus({ months: 12 }).toISODate(),
    payment_frequency: 'one-time',
    status: 'pending',
    payment_status: 'pending',
    document_status: 'pending',
    email_status: 'pending',
    api_status: 'pending',
    payment_provider: 'sandbox',
    created_at: now().toFormat(SQL),
    updated_at: now().toFormat(SQL),
    ...values,
  })
  return Number(id)
}

export async function insertSubscription(migrationId: number, values: Record<string, unknown>) {
  const [id] = await db.table('subscriptions').insert({
    migration_id: migrationId,
    provider: 'sandbox',
    provider_subscription_id: `sub_${migrationId}_${Math.random().toString(36).slice(2, 8)}`,
    status: 'active',
    created_at: now().toFormat(SQL),
    updated_at: now().toFormat(SQL),
    ...values,
  })
  return Number(id)
}

export async function insertPayment(migrationId: number, values: Record<string, unknown>) {
  const [id] = await db.table('payments').insert({
    migration_id: migrationId,
    provider_payment_id: `in_${migrationId}_${Math.random().toString(36).slice(2, 10)}`,
    amount: 100,
    currency: 'USD',
    status: 'paid',
    paid: true,
    created: now().toFormat(SQL),
    created_at: now().toFormat(SQL),
    updated_at: now().toFormat(SQL),
    ...values,
  })
  return Number(id)
}

export async function insertInstallments(
  migrationId: number,
  amounts: number[],
  periodMonths: number
) {
  await db.table('installments').multiInsert(
    amounts.map((amount, index) => ({
      migration_id: migrationId,
      payment_number: index + 1,
      amount,
      due_date: now()
        .plus({ months: index * periodMonths })
        .toISODate(),
      is_reconciliation: false,
    }))
  )
}

/**
 * The known data set of the back-office tests, on top of the demo seed
 * (MIG-DEMO-0001: DEMO-1002, bought through the services when the suite seeded, one-time
 * EUR 2652 = USD 2826.09):
 * A DEMO-1001 completed today, monthly USD 100 (total 1200), active, two paid payments of 100.
 * B DEMO-1003 failed, quarterly EUR 230 (total 920 = USD 1000), canceled early (30 days left), one paid EUR 230.
 * C DEMO-1005 pending, annual GBP 790 (total 790 = USD 1000), trialing, one open invoice.
 * E DEMO-1005 failed, monthly USD 50 (total 600), past_due.
 */
export async function seedBackofficeData() {
  const a = await insertMigration('DEMO-1001', {
    migration_reference: 'MIG-T-A',
    status: 'completed',
    payment_status: 'succeeded',
    document_status: 'generated',
    email_status: 'sent',
    api_status: 'failed',
    total_amount: 1200,
    total_amount_usd: 1200,
    subscription_amount: 100,
    number_of_payments: 12,
    payment_frequency: 'monthly',
    completed_at: now().toFormat(SQL),
  })
  const subA = await insertSubscription(a, { status: 'active' })
  await insertPayment(a, {
    subscription_id: subA,
    amount: 100,
    created: now().minus({ days: 31 }).toFormat(SQL),
  })
  await insertPayment(a, { subscription_id: subA, amount: 100 })
  await insertInstallments(a, Array(12).fill(100), 1)

  const b = await insertMigration('DEMO-1003', {
    migration_reference: 'MIG-T-B',
    status: 'failed',
    payment_status: 'failed',
    currency: 'EUR',
    exchange_rate: 0.92,
    total_amount: 920,
    total_amount_usd: 1000,
    subscription_amount: 230,
    number_of_payments: 4,
    payment_frequency: 'quarterly',
    created_at: now().minus({ days: 2 }).toFormat(SQL),
  })
  const subB = await insertSubscription(b, {
    status: 'canceled',
    cancelled_at: now().minus({ days: 1 }).toFormat(SQL),
    ends_on: now().plus({ days: 30 }).toISODate(),
  })
  await insertPayment(b, { subscription_id: subB, amount: 230, currency: 'EUR' })

  const c = await insertMigration('DEMO-1005', {
    migration_reference: 'MIG-T-C',
    status: 'pending',
    currency: 'GBP',
    exchange_rate: 0.79,
    total_amount: 790,
    total_amount_usd: 1000,
    subscription_amount: 790,
    number_of_payments: 1,
    payment_frequency: 'annual',
    created_at: now().minus({ days: 1 }).toFormat(SQL),
  })
  const subC = await insertSubscription(c, { status: 'trialing' })
  await insertPayment(c, {
    subscription_id: subC,
    amount: 790,
    currency: 'GBP',
    status: 'open',
    paid: false,
  })

  const e = await insertMigration('DEMO-1005', {
    migration_reference: 'MIG-T-E',
    status: 'failed',
    payment_status: 'failed',
    total_amount: 600,
    total_amount_usd: 600,
    subscription_amount: 50,
    number_of_payments: 12,
    payment_frequency: 'monthly',
    created_at: now().minus({ days: 3 }).toFormat(SQL),
  })
  const subE = await insertSubscription(e, { status: 'past_due' })
  return { a, b, c, e, subA, subB, subC, subE }
}
