import { roundCents, sumCents, type Cents } from '#modules/shared/index'
import { addMonths } from './calendar.js'
import { PricingError } from './errors.js'
import { PERIOD_MONTHS, type PaymentFrequency } from './frequencies.js'

export interface Installment {
  paymentNumber: number
  amount: Cents
  dueDate: string
  isReconciliation: boolean
}

/**
 * Installment plan of decisions.md §5: every full period pays round(total × period / months),
 * the last one pays what is left (flagged as reconciliation when months is not a multiple of the
 * period). Payment 1 is due today (paid at checkout); payment k on start + (k − 1) × period months.
 * A plan in which a payment would be zero or negative (a tiny total over many periods) is refused:
 * nobody can be charged a negative amount, and the card provider cannot charge nothing.
 */
export function buildSchedule(input: {
  total: Cents
  months: number
  frequency: PaymentFrequency
  today: string
  startDate: string
}): Installment[] {
  const { total, months, frequency, today, startDate } = input
  if (total <= 0)
    throw new PricingError('The total amount of this selection is zero. Please contact support.')
  if (frequency === 'one-time') {
    return [{ paymentNumber: 1, amount: total, dueDate: today, isReconciliation: false }]
  }
  const period = PERIOD_MONTHS[frequency]
  const count = Math.ceil(months / period)
  const regular = roundCents((total * period) / months)
  const amounts: Cents[] = Array.from({ length: count - 1 }, () => regular)
  amounts.push(total - sumCents(amounts))
  if (amounts.some((amount) => amount <= 0)) {
    throw new PricingError(
      `The total amount is too small to be split into ${count} ${frequency} payments. Please choose fewer payments or pay once.`
    )
  }
  return amounts.map((amount, index) => ({
    paymentNumber: index + 1,
    amount,
    dueDate: index === 0 ? today : addMonths(startDate, index * period),
    isReconciliation: index === count - 1 && months % period !== 0,
  }))
}
