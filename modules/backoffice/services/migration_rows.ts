import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { fromCents, toCents } from '#modules/shared/index'
import { count, isoDateTime, isoDay, requiredIsoDateTime, requiredIsoDay } from './sql_values.js'

/** Columns of a migration as the back-office lists it (admin-backoffice.md §3), with its subscription. */
export const MIGRATION_COLUMNS = [
  'm.id',
  'm.migration_reference',
  'm.member_id',
  'm.insured_full_name',
  'm.member_id_str',
  'm.email',
  'm.date_of_birth',
  'm.product_name',
  'm.plan_name',
  'm.total_amount',
  'm.total_amount_usd',
  'm.subscription_amount',
  'm.number_of_payments',
  'm.currency',
  'm.duration_days',
  'm.duration_type',
  'm.start_date',
  'm.end_date',
  'm.payment_frequency',
  'm.status',
  'm.payment_status',
  'm.document_status',
  'm.email_status',
  'm.api_status',
  'm.created_at',
  'm.completed_at',
  'm.failure_reason',
  's.id as subscription_id',
  's.status as subscription_status',
  's.cancelled_at as subscription_cancelled_at',
  's.ends_on as subscription_ends_on',
  's.early_cancellation_reviewed',
]

/** migrations m left-joined with their subscription s; only the ids `page` selects, when given. */
export function migrationsWithSubscription(page?: DatabaseQueryBuilderContract<any>) {
  const query = page
    ? db.from(page.as('page')).join('migrations as m', 'm.id', 'page.id')
    : db.from('migrations as m')
  return query.leftJoin('subscriptions as s', 's.migration_id', 'm.id')
}

/** A raw joined row in wire form: dates as YYYY-MM-DD or ISO, amounts as decimals. */
export function presentMigration(row: Record<string, any>) {
  return {
    id: row.id,
    migration_reference: row.migration_reference,
    member_id: row.member_id,
    insured_full_name: row.insured_full_name,
    member_id_str: row.member_id_str,
    email: row.email ?? null,
    date_of_birth: isoDay(row.date_of_birth),
    product_name: row.product_name ?? null,
    plan_name: row.plan_name ?? null,
    total_amount: fromCents(toCents(row.total_amount)),
    total_amount_usd: fromCents(toCents(row.total_amount_usd)),
    subscription_amount: fromCents(toCents(row.subscription_amount)),
    number_of_payments: count(row.number_of_payments),
    currency: row.currency,
    duration_days: count(row.duration_days),
    duration_type: row.duration_type,
    start_date: requiredIsoDay(row.start_date),
    end_date: requiredIsoDay(row.end_date),
    payment_frequency: row.payment_frequency,
    status: row.status,
    payment_status: row.payment_status,
    document_status: row.document_status,
    email_status: row.email_status,
    api_status: row.api_status,
    created_at: requiredIsoDateTime(row.created_at),
    completed_at: isoDateTime(row.completed_at),
    /** Why the system failed it (superseded checkout, refunded payment), for admins. */
    failure_reason: row.failure_reason ?? null,
    subscription_id: row.subscription_id ?? null,
    subscription_status: row.subscription_status ?? null,
    subscription_cancelled_at: isoDateTime(row.subscription_cancelled_at),
    subscription_ends_on: isoDay(row.subscription_ends_on),
    early_cancellation_reviewed: Boolean(Number(row.early_cancellation_reviewed ?? 0)),
  }
}

/** The planned installments of some migrations, by migration id. */
export async function installmentSchedules(migrationIds: number[]) {
  const schedules = new Map<
    number,
    { paymentNumber: number; amount: number; dueDate: string; isReconciliation: boolean }[]
  >()
  if (migrationIds.length === 0) return schedules
  const rows = await db
    .from('installments')
    .whereIn('migration_id', migrationIds)
    .orderBy('migration_id')
    .orderBy('payment_number')
    .select('migration_id', 'payment_number', 'amount', 'due_date', 'is_reconciliation')
  for (const row of rows) {
    const list = schedules.get(row.migration_id) ?? []
    list.push({
      paymentNumber: count(row.payment_number),
      amount: fromCents(toCents(row.amount)),
      dueDate: requiredIsoDay(row.due_date),
      isReconciliation: Boolean(Number(row.is_reconciliation)),
    })
    schedules.set(row.migration_id, list)
  }
  return schedules
}
