/** Payment frequencies on the wire, in the order of preference of member-shop.md §4. */
export const PAYMENT_FREQUENCIES = [
  'one-time',
  'monthly',
  'quarterly',
  'semi-annual',
  'annual',
] as const
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number]

/** Months between two payments (one-time has a single payment, no period). */
export const PERIOD_MONTHS: Record<Exclude<PaymentFrequency, 'one-time'>, number> = {
  'monthly': 1,
  'quarterly': 3,
  'semi-annual': 6,
  'annual': 12,
}

/** Shortest coverage (in months) a frequency needs: decisions.md §5. */
const MIN_MONTHS: Record<PaymentFrequency, number> = {
  'one-time': 0,
  'monthly': 0,
  'quarterly': 6,
  'semi-annual': 12,
  'annual': 12,
}

/** The product's flags (one-time included) filtered by the coverage length, in preference order. */
export function offeredFrequencies(
  flags: Record<PaymentFrequency, boolean>,
  months: number
): PaymentFrequency[] {
  return PAYMENT_FREQUENCIES.filter(
    (frequency) => flags[frequency] && months >= MIN_MONTHS[frequency]
  )
}

export function isRecurring(
  frequency: PaymentFrequency
): frequency is Exclude<PaymentFrequency, 'one-time'> {
  return frequency !== 'one-time'
}
