import { Currency, ExchangeRate, Product, BASE_CURRENCY } from '#modules/catalog/index'
import { familyService, type Member } from '#modules/members/index'
import { settingsService } from '#modules/settings/index'
import { ApiError, isoDate, toCents, today } from '#modules/shared/index'
import type {
  CurrencyRate,
  PaymentFrequency,
  QuoteInput,
  DurationType,
} from '#modules/pricing/index'

/** The product settings pricing uses; a member whose product is not in the catalogue gets the defaults (all frequencies, no fixed dates). */
export function pricingProductOf(product: Product | null): QuoteInput['product'] {
  return {
    frequencies: {
      'one-time': product?.freq_one_time ?? true,
      'monthly': product?.freq_monthly ?? true,
      'quarterly': product?.freq_quarterly ?? true,
      'semi-annual': product?.freq_semi_annual ?? true,
      'annual': product?.freq_annual ?? true,
    },
    fixedStartDate: isoDate(product?.fixed_start_date),
    enforceFixedStartDate: product?.enforce_fixed_start_date ?? false,
    fixedEndDate: isoDate(product?.fixed_end_date),
    enforceFixedEndDate: product?.enforce_fixed_end_date ?? false,
  }
}

export async function productOf(member: Member): Promise<Product | null> {
  return member.product_name ? Product.findBy('product_name', member.product_name) : null
}

/** "Today" in the configured TIMEZONE setting (decisions.md §5). */
export async function pricingToday(): Promise<string> {
  return isoDate(today(await settingsService.get('TIMEZONE', 'UTC')))!
}

/** Last good rates, units per 1 USD. */
export async function exchangeRates(): Promise<Record<string, number>> {
  const rows = await ExchangeRate.query().select('currency_code', 'rate')
  return {
    [BASE_CURRENCY]: 1,
    ...Object.fromEntries(rows.map((row) => [row.currency_code, Number(row.rate)])),
  }
}

/** An enabled currency with a known rate, or a 422 naming it. */
async function chosenCurrency(code: string, rates: Record<string, number>): Promise<CurrencyRate> {
  const currency = await Currency.query()
    .where('code', code.toUpperCase())
    .where('enabled', true)
    .first()
  const rate = currency ? rates[currency.code] : undefined
  if (!currency || !rate) throw new ApiError(`The currency ${code} is not available`, 422)
  return { code: currency.code, rate, surchargePercentage: Number(currency.surcharge_percentage) }
}

/** The selected members, in family order; any id outside the signed-in principal's family is refused. */
async function selectedFamilyMembers(principal: Member, memberIds: number[]): Promise<Member[]> {
  const { relatives } = await familyService.familyOf(principal)
  const family = [principal, ...relatives]
  const wanted = new Set(memberIds)
  const selected = family.filter((member) => wanted.has(member.id))
  if (selected.length !== wanted.size)
    throw new ApiError('One or more selected members are not part of your family', 422)
  return selected
}

export interface QuoteRequest {
  memberIds: number[]
  durationType: DurationType
  paymentFrequency: PaymentFrequency
  currency: string
}

/** Loads everything a quote depends on for the signed-in principal. */
export async function loadQuoteInput(
  principal: Member,
  request: QuoteRequest
): Promise<{ input: QuoteInput; members: Member[] }> {
  const members = await selectedFamilyMembers(principal, request.memberIds)
  const rates = await exchangeRates()
  const input: QuoteInput = {
    today: await pricingToday(),
    product: pricingProductOf(await productOf(principal)),
    members: members.map((member) => {
      if (member.final_premium === null)
        throw new ApiError(
          `${member.insured_full_name} has no premium on record. Please contact support.`,
          422
        )
      return {
        id: member.id,
        name: member.insured_full_name,
        finalPremium: toCents(member.final_premium),
        premiumCurrency: member.premium_currency || BASE_CURRENCY,
      }
    }),
    currency: await chosenCurrency(request.currency, rates),
    rates,
    durationType: request.durationType,
    paymentFrequency: request.paymentFrequency,
  }
  return { input, members }
}
