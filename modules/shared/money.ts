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

/** Converts cents to a decimal number with two places, for JSON answers and storage. */
export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100
}

/** Sums amounts in cents. */
export function sumCents(values: Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0)
}
