import { Currency, BASE_CURRENCY } from '#modules/catalog/index'
import type { Member } from '#modules/members/index'
import { pricingProductOf, pricingToday, productOf } from '#modules/migrations/index'
import {
  DURATION_TYPES,
  PricingError,
  fixedDateForced,
  fixedDateOffered,
  offeredFrequencies,
  resolveTerm,
  startDateOf,
  type QuoteInput,
} from '#modules/pricing/index'

/** Enabled currencies that have an exchange rate, base currency first. */
export async function enabledCurrencies() {
  const rows = await Currency.query()
    .where('enabled', true)
    .whereIn('code', (query) => query.from('exchange_rates').select('currency_code'))
    .orderBy('code')
  const sorted = [
    ...rows.filter((row) => row.code === BASE_CURRENCY),
    ...rows.filter((row) => row.code !== BASE_CURRENCY),
  ]
  return sorted.map((row) => ({ id: row.id, code: row.code, symbol: row.symbol, name: row.name }))
}

/**
 * The member's payment frequency settings (member-shop.md §3). Fixed dates are reported only
 * when pricing would honour them, so the screen and the server always agree.
 */
export async function paymentFrequencySettings(principal: Member) {
  const settings = pricingProductOf(await productOf(principal))
  const today = await pricingToday()
  const offered = fixedDateOffered(settings, today)
  return {
    enforceFixedEndDate: fixedDateForced(settings, today),
    fixedEndDate: offered ? settings.fixedEndDate : null,
    fixedStartDate: startDateOf(settings, today) === today ? null : settings.fixedStartDate,
    startDate: startDateOf(settings, today),
    durations: offeredDurations(settings, today),
    frequencies: {
      'disabled': settings.frequencies['one-time'],
      'monthly': settings.frequencies.monthly,
      'quarterly': settings.frequencies.quarterly,
      'semi-annual': settings.frequencies['semi-annual'],
      'annual': settings.frequencies.annual,
    },
  }
}

/** Each duration the product allows now, with its term and the frequencies offered for it (the server's rule, so the screen never guesses). */
function offeredDurations(settings: QuoteInput['product'], today: string) {
  return DURATION_TYPES.flatMap((durationType) => {
    try {
      const term = resolveTerm(settings, durationType, today)
      return [
        {
          durationType,
          ...term,
          offeredFrequencies: offeredFrequencies(settings.frequencies, term.months),
        },
      ]
    } catch (error) {
      if (error instanceof PricingError) return []
      throw error
    }
  })
}
