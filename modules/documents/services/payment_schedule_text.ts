import type { DateTime } from 'luxon'
import { Installment, type Migration } from '#modules/migrations/index'
import { formatAmount, toCents, translator, type Language } from '#modules/shared/index'
import { formatMoney } from './formatting.js'

/**
 * The stored payment plan in words for emails, amounts in "EUR 1,234.56" and dates per
 * DATE_FORMAT: "one payment of EUR 2,325.60, paid today" or "quarterly, 4 payments: EUR 581.40
 * on 24.11.2026 (paid today), EUR 581.40 on 24.02.2027, …".
 */
export async function paymentScheduleText(
  migration: Migration,
  date: (value: DateTime | null) => string,
  language: Language = 'en'
): Promise<string> {
  const rows = await Installment.query()
    .where('migration_id', migration.id)
    .orderBy('payment_number')
  if (language !== 'en') return translatedSchedule(migration, rows, date, language)
  const money = (amount: number) => formatMoney(toCents(amount), migration.currency)
  if (rows.length <= 1) return `one payment of ${money(migration.total_amount)}, paid today`
  const payments = rows.map(
    (row) =>
      `${money(row.amount)} on ${date(row.due_date)}${row.payment_number === 1 ? ' (paid today)' : ''}`
  )
  return `${migration.payment_frequency}, ${rows.length} payments: ${payments.join(', ')}`
}

/** The same plan in words of the catalogue (emails.variables.schedule_*), amounts per language. */
function translatedSchedule(
  migration: Migration,
  rows: Installment[],
  date: (value: DateTime | null) => string,
  language: Language
): string {
  const i18n = translator(language)
  const money = (amount: number) => formatAmount(toCents(amount), migration.currency, language)
  if (rows.length <= 1)
    return i18n.t('emails.variables.schedule_single', { amount: money(migration.total_amount) })
  const payments = rows.map((row) =>
    i18n.t(
      row.payment_number === 1
        ? 'emails.variables.schedule_item_today'
        : 'emails.variables.schedule_item',
      { amount: money(row.amount), date: date(row.due_date) }
    )
  )
  return i18n.t('emails.variables.schedule_many', {
    frequency: i18n.t(`emails.frequencies.${migration.payment_frequency}`),
    count: rows.length,
    payments: i18n.formatList(payments, { type: 'unit' }),
  })
}
