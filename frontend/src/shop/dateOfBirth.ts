/**
 * The date-of-birth field of member-shop.md §5: digits and dots only, at
 * most 10 characters, a dot added after a two-digit day or month, read as
 * day.month.year and passed on as YYYY-MM-DD.
 */
export const DOB_MAX_LENGTH = 10
/** The field's two messages (catalogue keys: i18n/en.json has the spec's exact English). */
export const INVALID_DATE = 'dob.invalid'
export const INCOMPLETE_DATE = 'dob.incomplete'
export type DobError = typeof INVALID_DATE | typeof INCOMPLETE_DATE

/** Cleans what was typed; `previous` tells typing from deleting (no dot is re-added while deleting). */
export function formatDobInput(raw: string, previous = ''): string {
  const deleting = raw.length < previous.length
  const parts: string[] = ['']
  for (const char of raw.replace(/[^\d.]/g, '')) {
    const index = parts.length - 1
    if (char === '.') {
      if (parts[index] !== '' && parts.length < 3) parts.push('')
      continue
    }
    if (index < 2 && parts[index].length === 2) {
      parts.push(char)
      continue
    }
    if (index === 2 && parts[index].length === 4) continue
    parts[index] += char
  }
  let value = parts.join('.')
  if (!deleting && parts.length < 3 && parts[parts.length - 1].length === 2) value += '.'
  return value.slice(0, DOB_MAX_LENGTH)
}

export type DobReading =
  | { state: 'empty' }
  | { state: 'incomplete' }
  | { state: 'invalid' }
  | { state: 'valid'; iso: string }

/** Reads a typed date: complete and real (day 1-31, month 1-12, year 1900-2100) or not. */
export function readDob(value: string): DobReading {
  if (value === '') return { state: 'empty' }
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value)
  if (!match) return { state: 'incomplete' }
  const [day, month, year] = match.slice(1).map(Number)
  if (day < 1 || day > 31 || month < 1 || month > 12 || year < 1900 || year > 2100)
    return { state: 'invalid' }
  const date = new Date(Date.UTC(year, month - 1, day))
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return { state: 'invalid' }
  }
  const pad = (n: number) => String(n).padStart(2, '0')
  return { state: 'valid', iso: `${year}-${pad(month)}-${pad(day)}` }
}

/** Turns a YYYY-MM-DD prefill (?dob=) into the typed form DD.MM.YYYY; other shapes go through formatDobInput. */
export function dobFromQuery(value: string | null): string {
  if (!value) return ''
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`
  return formatDobInput(value)
}

/**
 * A pasted date: ISO `YYYY-MM-DD` and day-first `d/m/yyyy` (also with dots or dashes) become
 * DD.MM.YYYY; anything else goes through the typing rules.
 */
export function normalisePastedDob(text: string): string {
  const value = text.trim()
  const pad = (part: string) => part.padStart(2, '0')
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value)
  if (iso) return `${pad(iso[3])}.${pad(iso[2])}.${iso[1]}`
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value)
  if (dayFirst) return `${pad(dayFirst[1])}.${pad(dayFirst[2])}.${dayFirst[3]}`
  return formatDobInput(value)
}
