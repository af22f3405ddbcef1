/**
 * Money is handled as integer cents. This file is the one place where
 * amounts are rounded (half away from zero) and converted from and to the
 * decimal strings or numbers the database and the API use.
 */
export type Cents = number

/** Rounds a (possibly fractional) amount of cents to whole cents, half away from zero. */
export function roundCents(value: number): Cents {
  // toPrecision guards against 1.005 * 100 = 100.49999999999999
  const cleaned = Number(value.toPrecision(15))
  return Math.sign(cleaned) * Math.round(Math.abs(cleaned))
}

/** Converts a decimal amount (number or string, e.g. from the database) to cents. */
export function toCents(amount: number | string | null | undefined): Cents {
  if (amount === null || amount === undefined || amount === '') return 0
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : amount
  if (!Number.isFinite(value)) throw new Error(`Not an amount: ${amount}`)
  return roundCents(value * 100)
}

const PLAIN_DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/

/**
 * The cents of a plain decimal text with at most two places ("2450",
 * "2450.5", "-12.05"), read digit by digit, so nothing needs rounding;
 * null for any other text (callers then use toCents).
 */
export function centsOfPlainDecimal(text: string): Cents | null {
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) return null
  const fraction =
    match[3] === undefined ? 0 : match[3].length === 1 ? Number(match[3]) * 10 : Number(match[3])
  const cents = Number(match[2]) * 100 + fraction
  return match[1] ? -cents : cents
}

/** Converts cents to a decimal number with two places, for JSON answers and storage. */
export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100
}

/** Sums amounts in cents. */
export function sumCents(values: Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0)
}
