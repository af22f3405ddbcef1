import { DateTime } from 'luxon'

/**
 * Raw query rows differ by driver: MariaDB gives JS Dates for timestamps
 * and strings for dates, SQLite gives 'yyyy-MM-dd HH:mm:ss' strings (UTC,
 * as Lucid writes them). These helpers give the wire formats.
 */
const SQL_DATE_TIME = 'yyyy-MM-dd HH:mm:ss'
const SQL_DATE_TIME_TEXT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/

/** A timestamp column value as an ISO 8601 string in UTC, or null. */
export function isoDateTime(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  // The two common shapes without luxon (list answers format thousands of them): the same text as toUTC().toISO().
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  const text = String(value)
  if (SQL_DATE_TIME_TEXT.test(text)) return `${text.slice(0, 10)}T${text.slice(11)}.000Z`
  const parsed = text.includes('T')
    ? DateTime.fromISO(text, { zone: 'utc' })
    : DateTime.fromFormat(text, SQL_DATE_TIME, { zone: 'utc' })
  return parsed.isValid ? parsed.toUTC().toISO() : null
}

/** A date column value as YYYY-MM-DD, or null. */
export function isoDay(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return DateTime.fromJSDate(value).toUTC().toISODate()
  return String(value).slice(0, 10)
}

/** isoDateTime / isoDay of a NOT NULL column: no value there is a broken row, not an empty field. */
export function requiredIsoDateTime(value: unknown): string {
  return required(isoDateTime(value), value)
}

export function requiredIsoDay(value: unknown): string {
  return required(isoDay(value), value)
}

function required(text: string | null, value: unknown): string {
  if (text === null) throw new Error(`A NOT NULL date column holds ${String(value)}`)
  return text
}

/** A luxon time as the literal both drivers compare timestamp columns with. */
export function sqlDateTime(value: DateTime): string {
  return value.toUTC().toFormat(SQL_DATE_TIME)
}

/** 0/1, '0'/'1', booleans and bigint counts from either driver as numbers. */
export function count(value: unknown): number {
  const number = Number(value ?? 0)
  return Number.isFinite(number) ? number : 0
}
