import type { MemberRole } from '#modules/members/index'
import { centsOfPlainDecimal, fromCents, toCents } from '#modules/shared/thread_safe'

/** A cell as the readers hand it over: CSV gives strings, XLSX also numbers and dates. */
export type Cell = string | number | Date | null | undefined

/** Excel's day 0 of the 1900 date system (with its 1900 leap-year bug folded in). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30)
const DAY_MS = 86_400_000

export function cellText(cell: Cell): string {
  if (typeof cell === 'string') return cell.trim()
  if (cell === null || cell === undefined) return ''
  if (cell instanceof Date) return isoFromUtc(cell)
  return String(cell).trim()
}

function pad(value: number, width = 2) {
  return String(value).padStart(width, '0')
}

function isoFromUtc(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

function daysInMonth(year: number, month: number) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** A YYYY-MM-DD string when the parts form a real calendar date (years 1900-2200), else null. */
function calendarDate(year: number, month: number, day: number): string | null {
  if (
    year < 1900 ||
    year > 2200 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month)
  )
    return null
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/** DD.MM.YYYY, YYYY-MM-DD, an Excel serial number or an Excel date; null when none of these. */
export function parseCensusDate(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : isoFromUtc(cell)
  if (typeof cell === 'number') return excelSerial(cell)
  const text = cellText(cell)
  let match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text)
  if (match) return calendarDate(Number(match[3]), Number(match[2]), Number(match[1]))
  match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text)
  if (match) return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]))
  if (/^\d{1,6}(\.\d+)?$/.test(text)) return excelSerial(Number(text))
  return null
}

function excelSerial(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null
  return isoFromUtc(new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS))
}

/**
 * The roles and genders a census may give, as the members table knows them
 * (MEMBER_ROLES, GENDERS; a unit test keeps them equal). Spelled here
 * because this file runs in the preview's reading thread, which must not
 * load the members module (its models need the booted application).
 */
export const CENSUS_ROLES = [
  'Principal',
  'Spouse',
  'Child',
  'Dependent',
] as const satisfies readonly MemberRole[]
export const CENSUS_GENDERS = ['Male', 'Female', 'Other'] as const

const ROLES = new Map(CENSUS_ROLES.map((role) => [role.toLowerCase(), role]))

const EXACT_ROLES = new Map<string, MemberRole>(CENSUS_ROLES.map((role) => [role, role]))

export function parseRole(cell: Cell): MemberRole | null {
  const text = cellText(cell)
  return EXACT_ROLES.get(text) ?? ROLES.get(text.toLowerCase()) ?? null
}

const GENDER_ALIASES = new Map<string, string>([
  ...CENSUS_GENDERS.map((gender) => [gender.toLowerCase(), gender] as [string, string]),
  ['m', 'Male'],
  ['f', 'Female'],
])

export function parseGender(cell: Cell): string | null {
  return GENDER_ALIASES.get(cellText(cell).toLowerCase()) ?? null
}

/**
 * An amount such as 2450, 2450.50, 2,450.50, 2'450.50 or 2450,50, rounded
 * to cents; undefined when the cell is not an amount.
 */
export function parseAmount(cell: Cell): number | null | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? fromCents(toCents(cell)) : undefined
  const plain = centsOfPlainDecimal(cellText(cell))
  if (plain !== null) return fromCents(plain)
  let text = cellText(cell).replace(/[\s']/g, '')
  if (text === '') return null
  if (text.includes(',') && text.includes('.')) text = text.replace(/,/g, '')
  else if (/^-?\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.')
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined
  return fromCents(toCents(text))
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isEmail(text: string) {
  return EMAIL_PATTERN.test(text)
}
