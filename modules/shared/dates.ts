import { DateTime } from 'luxon'

/** Calendar dates on the wire are YYYY-MM-DD. */
export const ISO_DATE = 'yyyy-MM-dd'

/** Formats a luxon date (or null) as YYYY-MM-DD. */
export function isoDate(value: DateTime | null | undefined): string | null {
  return value ? value.toFormat(ISO_DATE) : null
}

/** Parses YYYY-MM-DD strictly (real calendar dates only). */
export function parseIsoDate(value: string): DateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const date = DateTime.fromFormat(value, ISO_DATE, { zone: 'utc' })
  return date.isValid ? date : null
}

/** Today's calendar date in a time zone (default UTC). */
export function today(zone = 'UTC'): DateTime {
  const now = DateTime.now().setZone(zone)
  return DateTime.utc(now.year, now.month, now.day)
}
