import { DateTime } from 'luxon'
import { roundCents, type Cents } from '#modules/shared/index'

/** What the refund of a cancelled coverage is computed from (dates are calendar dates, YYYY-MM-DD). */
export interface RefundInputs {
  /** What the member paid and was not given back yet, in cents. */
  paidCents: Cents
  /** The day of the first payment: the cooling-off period runs from it. */
  paidOn: string
  /** The day the cancellation is asked for. */
  requestedOn: string
  /** The last day the member is covered (the coverage ends at the end of this day). */
  effectiveOn: string
  /** First day of coverage. */
  coverageStart: string
  /** The last day the payments made so far pay for: the coverage end, or the day before the next unpaid installment. */
  paidThrough: string
  coolingOffDays: number
}

type RefundRule = 'cooling_off' | 'unused_part'

export interface RefundDecision {
  rule: RefundRule
  refundCents: Cents
  daysPaid: number
  daysUnused: number
}

const day = (text: string) => DateTime.fromISO(text, { zone: 'utc' }).startOf('day')
const daysBetween = (from: string, to: string) => Math.round(day(to).diff(day(from), 'days').days)

/**
 * docs/pricing.md, "Refund of a cancelled coverage": within the cooling-off period (requested at
 * most `coolingOffDays` days after the first payment) the whole amount paid; afterwards the
 * unused part, paid × days not covered ÷ days paid for, rounded once to the cent.
 */
export function refundOf(inputs: RefundInputs): RefundDecision {
  const daysPaid = Math.max(0, daysBetween(inputs.coverageStart, inputs.paidThrough) + 1)
  if (daysBetween(inputs.paidOn, inputs.requestedOn) <= inputs.coolingOffDays) {
    return { rule: 'cooling_off', refundCents: inputs.paidCents, daysPaid, daysUnused: daysPaid }
  }
  // Days after the effective day up to the end of what was paid; none before the start is used.
  const lastUsed =
    daysBetween(inputs.coverageStart, inputs.effectiveOn) < 0 ? null : inputs.effectiveOn
  const daysUnused =
    lastUsed === null
      ? daysPaid
      : Math.min(daysPaid, Math.max(0, daysBetween(lastUsed, inputs.paidThrough)))
  const refundCents = daysPaid === 0 ? 0 : roundCents((inputs.paidCents * daysUnused) / daysPaid)
  return { rule: 'unused_part', refundCents, daysPaid, daysUnused }
}
