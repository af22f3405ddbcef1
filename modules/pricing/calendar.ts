import { DateTime } from 'luxon'
import { ISO_DATE } from '#modules/shared/index'

/** Pure calendar arithmetic on YYYY-MM-DD strings (UTC, no clock, no time zone). */
function parse(date: string): DateTime {
  const parsed = DateTime.fromFormat(date, ISO_DATE, { zone: 'utc' })
  if (!parsed.isValid) throw new Error(`Not a calendar date: ${date}`)
  return parsed
}

/** date + n calendar months; a day past the target month's end clamps to its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  return parse(date).plus({ months }).toFormat(ISO_DATE)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(parse(to).diff(parse(from), 'days').days)
}

/** ISO dates compare correctly as strings. */
export function isAfter(date: string, other: string): boolean {
  return date > other
}
