import { addMonths, daysBetween, isAfter } from './calendar.js'
import { PricingError } from './errors.js'

/** Duration types on the wire. */
export const DURATION_TYPES = ['6_months', '9_months', '12_months', 'fixed_date'] as const
export type DurationType = (typeof DURATION_TYPES)[number]

const MONTHS_OF: Record<Exclude<DurationType, 'fixed_date'>, number> = {
  '6_months': 6,
  '9_months': 9,
  '12_months': 12,
}

/** The product's date settings that shape the coverage term. */
export interface TermSettings {
  fixedStartDate: string | null
  enforceFixedStartDate: boolean
  fixedEndDate: string | null
  enforceFixedEndDate: boolean
}

/** Coverage term: dates as YYYY-MM-DD; months is what frequencies and installments count. */
export interface Term {
  startDate: string
  endDate: string
  durationDays: number
  months: number
}

/** The product's fixed start date when enforced and still in the future, else today; a renewal's given start. */
export function startDateOf(settings: TermSettings, today: string, startOn?: string): string {
  if (startOn) return startOn
  const fixed = settings.fixedStartDate
  return settings.enforceFixedStartDate && fixed && isAfter(fixed, today) ? fixed : today
}

/** fixed_date is offered when the product has a fixed end date after the start… */
export function fixedDateOffered(settings: TermSettings, today: string, startOn?: string): boolean {
  return Boolean(
    settings.fixedEndDate && isAfter(settings.fixedEndDate, startDateOf(settings, today, startOn))
  )
}

/** …and forced when that end date is enforced. */
export function fixedDateForced(settings: TermSettings, today: string, startOn?: string): boolean {
  return settings.enforceFixedEndDate && fixedDateOffered(settings, today, startOn)
}

/** Months of a fixed-date term: ceil(days / 30) (member-shop.md §5). */
function monthsOfDays(durationDays: number): number {
  return Math.ceil(durationDays / 30)
}

/** Resolves a duration type into start, end, days and months, refusing what the product does not offer. */
export function resolveTerm(
  settings: TermSettings,
  durationType: DurationType,
  today: string,
  startOn?: string
): Term {
  const startDate = startDateOf(settings, today, startOn)
  if (durationType === 'fixed_date') {
    if (!fixedDateOffered(settings, today, startOn))
      throw new PricingError('A fixed end date is not available for your product')
    const endDate = settings.fixedEndDate!
    const durationDays = daysBetween(startDate, endDate)
    return { startDate, endDate, durationDays, months: monthsOfDays(durationDays) }
  }
  if (fixedDateForced(settings, today, startOn)) {
    throw new PricingError('Your product requires coverage until its fixed end date')
  }
  const months = MONTHS_OF[durationType]
  const endDate = addMonths(startDate, months)
  return { startDate, endDate, durationDays: daysBetween(startDate, endDate), months }
}
