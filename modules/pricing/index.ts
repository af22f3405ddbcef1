/**
 * The pricing engine (decisions.md §5): pure functions, no database, no clock.
 * Callers load the product, members and rates and pass "today" in.
 */
export { quoteMigration, type Quote, type QuoteInput } from './quote.js'
export { toPricingResult, type PricingResult } from './wire.js'
export { PricingError } from './errors.js'
export {
  PAYMENT_FREQUENCIES,
  PERIOD_MONTHS,
  offeredFrequencies,
  isRecurring,
  type PaymentFrequency,
} from './frequencies.js'
export {
  DURATION_TYPES,
  resolveTerm,
  startDateOf,
  fixedDateOffered,
  fixedDateForced,
  type DurationType,
} from './term.js'
export { type CurrencyRate } from './conversion.js'
export { addMonths, daysBetween } from './calendar.js'
