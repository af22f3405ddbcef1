import type { DateTime } from 'luxon'
import { formatAmount, type Cents } from '#modules/shared/index'
import { settingsService } from '#modules/settings/index'

/** DATE_FORMAT options (member-shop.md §9) in luxon's notation. */
const DATE_FORMATS: Record<string, string> = {
  'DD.MM.YYYY': 'dd.MM.yyyy',
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'YYYY-MM-DD': 'yyyy-MM-dd',
  'DD-MM-YYYY': 'dd-MM-yyyy',
  'MM-DD-YYYY': 'MM-dd-yyyy',
}

/** Formats dates the way the DATE_FORMAT setting says (default DD.MM.YYYY). */
export async function dateFormatter() {
  const format =
    DATE_FORMATS[await settingsService.get('DATE_FORMAT', 'DD.MM.YYYY')] ??
    DATE_FORMATS['DD.MM.YYYY']
  return (value: DateTime | null | undefined) => (value ? value.toFormat(format) : '')
}

/** English (US) style with the currency code: "USD 1,234.56" (the shared formatter's English). */
export function formatMoney(cents: Cents, currency: string) {
  return formatAmount(cents, currency, 'en')
}
