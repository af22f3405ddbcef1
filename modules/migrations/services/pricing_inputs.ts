import {
  BASE_CURRENCY,
  catalogSnapshot,
  type CatalogSnapshot,
  type Product,
} from '#modules/catalog/index'
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

/** The member's product from the cached catalogue (read only). */
export async function productOf(member: Member): Promise<Product | null> {
  return member.product_name ? (await catalogSnapshot()).product(member.product_name) : null
}

/** "Today" in the configured TIMEZONE setting (decisions.md §5). */
export async function pricingToday(): Promise<string> {
  return isoDate(today(await settingsService.get('TIMEZONE', 'UTC')))!
}

/** Last good rates, units per 1 USD. */
export async function exchangeRates(): Promise<Record<string, number>> {
  return { ...(await catalogSnapshot()).rates }
}

/** An enabled currency with a known rate, or a 422 naming it. */
function chosenCurrency(code: string, catalog: CatalogSnapshot): CurrencyRate {
  const currency = catalog.currency(code)
  const rate = currency?.enabled ? catalog.rates[currency.code] : undefined
  if (!currency || !rate) throw new ApiError(`The currency ${code} is not available`, 422)
  return { code: currency.code, rate, surchargePercentage: currency.surchargePercentage }
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
  request: QuoteRequest,
  /** A renewal's term starts on the end date of the term it renews. */
  options: { startOn?: string } = {}
): Promise<{ input: QuoteInput; members: Member[] }> {
  // Together: the family's rows, and the cached catalogue and settings (one versions query).
  const [members, catalog, pricingDay] = await Promise.all([
    selectedFamilyMembers(principal, request.memberIds),
    catalogSnapshot(),
    pricingToday(),
  ])
  const input: QuoteInput = {
    today: pricingDay,
    ...(options.startOn ? { startOn: options.startOn } : {}),
    product: pricingProductOf(catalog.product(principal.product_name)),
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
    currency: chosenCurrency(request.currency, catalog),
    rates: catalog.rates,
    durationType: request.durationType,
    paymentFrequency: request.paymentFrequency,
  }
  return { input, members }
}
