import { roundCents, type Cents } from '#modules/shared/index'

/** A currency's rate (units per 1 USD) and its surcharge in percent. */
export interface CurrencyRate {
  code: string
  rate: number
  surchargePercentage: number
}

/**
 * Annual premium converted into the chosen currency (decisions.md §5): to USD by dividing by
 * the premium currency's rate, then × the target's rate × (1 + surcharge / 100), rounded to cents.
 */
export function convertPremium(premium: Cents, sourceRate: number, target: CurrencyRate): Cents {
  return roundCents(
    ((premium / sourceRate) * target.rate * (100 + target.surchargePercentage)) / 100
  )
}

/** The same premium in USD without any surcharge (documents and revenue stay in USD). */
export function premiumInUsd(premium: Cents, sourceRate: number): Cents {
  return roundCents(premium / sourceRate)
}

/** A year's premium for a term of `durationDays` on a 365-day basis, rounded to cents. */
export function proRata(annual: Cents, durationDays: number): Cents {
  return roundCents((annual * durationDays) / 365)
}
