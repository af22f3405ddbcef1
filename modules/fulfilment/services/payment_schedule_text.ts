import type { DateTime } from 'luxon'
import { Installment, type Migration } from '#modules/migrations/index'
import { toCents } from '#modules/shared/index'
import { formatMoney } from './formatting.js'

/**
 * The stored payment plan in words for emails, amounts in "EUR 1,234.56" and dates per
 * DATE_FORMAT: "one payment of EUR 2,325.60, paid today" or "quarterly, 4 payments: EUR 581.40
 * on 24.11.2026 (paid today), EUR 581.40 on 24.02.2027, …".
 */
export async function paymentScheduleText(
  migration: Migration,
  date: (value: DateTime | null) => string
): Promise<string> {
  const rows = await Installment.query()
    .where('migration_id', migration.id)
    .orderBy('payment_number')
  const money = (amount: number) => formatMoney(toCents(amount), migration.currency)
  if (rows.length <= 1) return `one payment of ${money(migration.total_amount)}, paid today`
  const payments = rows.map(
    (row) =>
      `${money(row.amount)} on ${date(row.due_date)}${row.payment_number === 1 ? ' (paid today)' : ''}`
  )
  return `${migration.payment_frequency}, ${rows.length} payments: ${payments.join(', ')}`
}
