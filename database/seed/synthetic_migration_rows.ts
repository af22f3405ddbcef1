import { DateTime } from 'luxon'
import { PERIOD_MONTHS } from '#modules/pricing/index'
import { SEED_CURRENCIES, SEED_RATES } from './reference_data.js'
import { principalSnapshot } from '#modules/migrations/index'

/**
 * The rows of one synthetic migration (synthetic_migrations.ts): the
 * migration, its selected members, installments, subscription and payments,
 * linked by reference until the database gives them ids. Pure: the same
 * random stream gives the same rows.
 */
export type Random = () => number
export type MigrationState =
  | 'pending'
  | 'processing'
  | 'completed'
  | 'completed_with_warnings'
  | 'failed'

export interface FamilyMember {
  id: number
  member_id: string
  insured_full_name: string
  insured_role: string
  email: string | null
  date_of_birth: string
  product_name: string | null
  plan_name: string | null
  premium_currency: string | null
  final_premium: number | string | null
}

export interface SyntheticMigrationRows {
  migration: Record<string, unknown>
  members: Record<string, unknown>[]
  installments: Record<string, unknown>[]
  subscription: Record<string, unknown> | null
  payments: Record<string, unknown>[]
}

const SQL = 'yyyy-MM-dd HH:mm:ss'
const SURCHARGE = Object.fromEntries(
  SEED_CURRENCIES.map((currency) => [currency.code, currency.surcharge_percentage])
)

/** The last attempt of a member: most complete, some abandoned or failed. */
export const FINAL_STATES: [MigrationState, number][] = [
  ['completed', 72],
  ['completed_with_warnings', 6],
  ['processing', 2],
  ['pending', 8],
  ['failed', 12],
]
/** Earlier attempts of a member who tried again: failed payments and abandoned checkouts. */
export const EARLIER_STATES: [MigrationState, number][] = [
  ['failed', 50],
  ['pending', 50],
]
const FREQUENCIES: [string, number][] = [
  ['one-time', 40],
  ['monthly', 30],
  ['quarterly', 15],
  ['semi-annual', 8],
  ['annual', 7],
]
const DURATIONS: [string, number][] = [
  ['12_months', 70],
  ['6_months', 15],
  ['9_months', 10],
  ['fixed_date', 5],
]
const PAID_SUBSCRIPTION_STATES: [string, number][] = [
  ['active', 82],
  ['canceled', 8],
  ['past_due', 5],
  ['unpaid', 2],
  ['trialing', 3],
]
const WARNING_STEPS: [string, string][] = [
  ['api_status', 'failed'],
  ['document_status', 'partial'],
  ['email_status', 'failed'],
]

export function weighted<T>(next: Random, choices: [T, number][]): T {
  let roll = next() * choices.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [value, weight] of choices) {
    roll -= weight
    if (roll < 0) return value
  }
  return choices[choices.length - 1][0]
}

const sql = (time: DateTime) => time.toUTC().toFormat(SQL)
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100)
const units = (amount: number) => amount / 100

function subStatuses(state: MigrationState, next: Random) {
  const paid = {
    payment_status: 'succeeded',
    api_status: 'succeeded',
    document_status: 'generated',
    email_status: 'sent',
  }
  if (state === 'pending')
    return {
      payment_status: 'pending',
      api_status: 'pending',
      document_status: 'pending',
      email_status: 'pending',
    }
  if (state === 'failed')
    return {
      payment_status: 'failed',
      api_status: 'pending',
      document_status: 'pending',
      email_status: 'pending',
    }
  if (state === 'processing')
    return { ...paid, document_status: 'pending', email_status: 'pending' }
  if (state === 'completed_with_warnings') {
    const [column, outcome] = WARNING_STEPS[Math.floor(next() * WARNING_STEPS.length)]
    return { ...paid, [column]: outcome }
  }
  return paid
}

/** Coverage: months, start and end date, as a quote would give them. */
function term(next: Random, createdAt: DateTime) {
  const durationType = weighted(next, DURATIONS)
  const start = createdAt
    .toUTC()
    .startOf('day')
    .plus({ days: 1 + Math.floor(next() * 30) })
  const months = durationType === 'fixed_date' ? 10 : Number.parseInt(durationType, 10)
  const end = start.plus({ months }).minus({ days: 1 })
  return { durationType, months, start, end, days: Math.round(end.diff(start, 'days').days) + 1 }
}

/** One migration of `family` (principal first), created at `createdAt`, in `state`. */
export function migrationRows(
  next: Random,
  reference: string,
  family: FamilyMember[],
  state: MigrationState,
  createdAt: DateTime,
  now: DateTime
): SyntheticMigrationRows {
  const principal = family[0]
  const coverage = term(next, createdAt)
  let frequency = weighted(next, FREQUENCIES)
  if (
    frequency !== 'one-time' &&
    PERIOD_MONTHS[frequency as keyof typeof PERIOD_MONTHS] > coverage.months
  )
    frequency = 'one-time'
  const period =
    frequency === 'one-time' ? null : PERIOD_MONTHS[frequency as keyof typeof PERIOD_MONTHS]
  const payments = period ? Math.max(1, Math.floor(coverage.months / period)) : 1

  const currency =
    principal.premium_currency && SEED_RATES[principal.premium_currency]
      ? principal.premium_currency
      : 'USD'
  const rate = SEED_RATES[currency]
  const surcharge = SURCHARGE[currency] ?? 0
  // Premiums are annual, in the member's currency; the migration covers `months` of them.
  const shares = family.map((member) =>
    Math.round(
      (cents(member.final_premium) / (SEED_RATES[member.premium_currency ?? 'USD'] ?? 1)) *
        (coverage.months / 12)
    )
  )
  const totalUsd = shares.reduce((sum, share) => sum + share, 0)
  const total = Math.round(totalUsd * rate * (1 + surcharge / 100))
  const installment = Math.floor(total / payments)

  const completedAt = state.startsWith('completed')
    ? createdAt.plus({ minutes: 2 + Math.floor(next() * 28) })
    : null
  const migration = {
    migration_reference: reference,
    ...principalSnapshot(principal),
    currency,
    exchange_rate: rate,
    surcharge_percentage: surcharge,
    total_amount: units(total),
    total_amount_usd: units(totalUsd),
    subscription_amount: units(installment),
    number_of_payments: payments,
    duration_type: coverage.durationType,
    duration_days: coverage.days,
    start_date: coverage.start.toISODate(),
    end_date: coverage.end.toISODate(),
    payment_frequency: frequency,
    status: state,
    ...subStatuses(state, next),
    payment_provider: 'stripe',
    payment_intent_id: frequency === 'one-time' ? `pi_${reference}` : null,
    provider_customer_id: `cus_${reference}`,
    completed_at: completedAt ? sql(completedAt) : null,
    created_at: sql(createdAt),
    updated_at: sql(completedAt ?? createdAt),
  }

  const members = family.map((member, index) => ({
    member_id: member.id,
    insured_full_name: member.insured_full_name,
    insured_role: member.insured_role,
    member_id_str: member.member_id,
    date_of_birth: member.date_of_birth,
    final_premium: member.final_premium === null ? null : Number(member.final_premium),
    premium_currency: member.premium_currency,
    annual_premium: member.final_premium === null ? 0 : Number(member.final_premium),
    calculated_premium: units(Math.round(shares[index] * rate * (1 + surcharge / 100))),
    dhig_person_id: null,
    dhig_member_id: null,
  }))

  const installments = Array.from({ length: payments }, (_, index) => ({
    payment_number: index + 1,
    // The last installment takes the rounding remainder, so the plan adds up to the total.
    amount: units(index === payments - 1 ? total - installment * (payments - 1) : installment),
    due_date: coverage.start.plus({ months: (period ?? 0) * index }).toISODate(),
    is_reconciliation: false,
  }))

  const subscription = period
    ? subscriptionRow(next, reference, state, createdAt, coverage.end, period, now)
    : null
  return {
    migration,
    members,
    installments,
    subscription,
    payments: paymentRows(next, {
      reference,
      state,
      currency,
      total,
      installment,
      payments,
      period,
      createdAt,
      start: coverage.start,
      now,
      subscription,
    }),
  }
}

function subscriptionRow(
  next: Random,
  reference: string,
  state: MigrationState,
  createdAt: DateTime,
  end: DateTime,
  period: number,
  now: DateTime
) {
  let status: string
  if (state === 'failed') status = 'incomplete_expired'
  else if (state === 'pending') {
    if (next() < 0.5) return null
    status = 'incomplete'
  } else status = weighted(next, PAID_SUBSCRIPTION_STATES)
  const cancelledAt =
    status === 'canceled'
      ? createdAt.plus({
          seconds: Math.floor(next() * Math.max(60, now.diff(createdAt, 'seconds').seconds)),
        })
      : null
  const billing = ['active', 'trialing', 'past_due', 'unpaid'].includes(status)
  return {
    provider: 'stripe',
    provider_subscription_id: `sub_${reference}`,
    status,
    current_period_end: billing
      ? sql(now.plus({ days: 1 + Math.floor(next() * period * 30) }))
      : null,
    cancelled_at: cancelledAt ? sql(cancelledAt) : null,
    ends_on: status === 'canceled' ? end.toISODate() : null,
    early_cancellation_reviewed: status === 'canceled' && next() < 0.3,
    status_event_created: null,
    created_at: sql(createdAt.plus({ minutes: 1 })),
    updated_at: sql(cancelledAt ?? createdAt.plus({ minutes: 1 })),
  }
}

interface PaymentInput {
  reference: string
  state: MigrationState
  currency: string
  total: number
  installment: number
  payments: number
  period: number | null
  createdAt: DateTime
  start: DateTime
  now: DateTime
  subscription: Record<string, unknown> | null
}

/** One-time: one payment intent. Recurring: the invoices billed so far, plus an open one when payment is in trouble. */
function paymentRows(next: Random, input: PaymentInput): Record<string, unknown>[] {
  const { reference, state, currency, createdAt, now } = input
  const row = (
    id: string,
    amount: number,
    status: string,
    paid: boolean,
    created: DateTime,
    periodMonths: number | null
  ) => ({
    provider_payment_id: id,
    amount: units(amount),
    currency,
    status,
    paid,
    created: sql(created),
    period_start: periodMonths ? sql(created) : null,
    period_end: periodMonths ? sql(created.plus({ months: periodMonths })) : null,
    hosted_invoice_url: periodMonths ? `https://invoice.stripe.test/${id}` : null,
    created_at: sql(created),
    updated_at: sql(created),
  })
  const paidStates = ['processing', 'completed', 'completed_with_warnings']
  const firstCharge = createdAt.plus({ minutes: 1 })

  if (!input.period) {
    if (state === 'failed')
      return [row(`pi_${reference}`, input.total, 'failed', false, firstCharge, null)]
    return paidStates.includes(state)
      ? [row(`pi_${reference}`, input.total, 'succeeded', true, firstCharge, null)]
      : []
  }
  const subscriptionStatus = input.subscription?.status as string | undefined
  if (!subscriptionStatus) return []
  if (!paidStates.includes(state))
    return [row(`in_${reference}_1`, input.installment, 'open', false, firstCharge, input.period)]

  // Invoices due since the first one (paid at checkout), never past the plan's length.
  const elapsed = Math.max(0, Math.floor(now.diff(input.start, 'months').months / input.period))
  const billed = Math.min(input.payments, 1 + elapsed)
  const rows = Array.from({ length: billed }, (_, index) => {
    const created =
      index === 0
        ? firstCharge
        : input.start.plus({ months: input.period! * index, hours: 6 + Math.floor(next() * 12) })
    return row(
      `in_${reference}_${index + 1}`,
      input.installment,
      'paid',
      true,
      created,
      input.period
    )
  })
  if (['past_due', 'unpaid'].includes(subscriptionStatus)) {
    rows.push(
      row(
        `in_${reference}_${billed + 1}`,
        input.installment,
        'open',
        false,
        now.minus({ days: 1 + Math.floor(next() * 20) }),
        input.period
      )
    )
  }
  return rows
}
