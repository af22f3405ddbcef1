/** Display formats shared by shop and back-office. */
export type DateFormat = 'DD.MM.YYYY' | 'MM/DD/YYYY' | 'YYYY-MM-DD' | 'DD-MM-YYYY' | 'MM-DD-YYYY'

export const DEFAULT_DATE_FORMAT: DateFormat = 'DD.MM.YYYY'

/** Formats a YYYY-MM-DD (or ISO date-time) string with a DATE_FORMAT pattern; '' for empty. */
export function formatDate(
  value: string | null | undefined,
  format: string = DEFAULT_DATE_FORMAT
): string {
  if (!value) return ''
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!match) return value
  const [, year, month, day] = match
  return format.replace('YYYY', year).replace('MM', month).replace('DD', day)
}

/** A DATE_FORMAT pattern without its year, for labels where the year is known (a chart's day axis): 'DD.MM.YYYY' → 'DD.MM'. */
export function withoutYear(format: string): string {
  return format.replace(/[^DMY]?YYYY[^DMY]?/, (part) =>
    part.startsWith('YYYY') || part.endsWith('YYYY') ? '' : part[0]
  )
}

/** `date` on the browser's calendar and clock as YYYY-MM-DDTHH:mm:ss (toISOString alone gives UTC). */
export function localIsoDateTime(date: Date = new Date()): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
}

/** A count with grouping, as every screen writes it: "100,010"; '–' while it is not known. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toLocaleString('en-US')
}

/** en-US number format with the currency code, e.g. "EUR 1,234.50". */
export function formatMoney(amount: number | string | null | undefined, currency = 'USD'): string {
  const value = Number(amount ?? 0)
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
    }).format(value)
  } catch {
    return `${currency} ${value.toFixed(2)}`
  }
}
