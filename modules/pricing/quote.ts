import { sumCents, type Cents } from '#modules/shared/index'
import { convertPremium, premiumInUsd, proRata, type CurrencyRate } from './conversion.js'
import { PricingError } from './errors.js'
import { offeredFrequencies, type PaymentFrequency } from './frequencies.js'
import { buildSchedule, type Installment } from './schedule.js'
import { resolveTerm, type DurationType, type Term, type TermSettings } from './term.js'

/** A member to price: its annual premium (cents) in its premium currency. */
interface PricedMember {
  id: number
  name: string
  finalPremium: Cents
  premiumCurrency: string
}

/** Everything a quote depends on; the caller loads it, the engine only computes. */
export interface QuoteInput {
  today: string
  /** A renewal's term starts on the end date of the term it renews (docs/pricing.md, "Renewal"); else the product's start rule. */
  startOn?: string
  product: TermSettings & { frequencies: Record<PaymentFrequency, boolean> }
  members: PricedMember[]
  currency: CurrencyRate
  /** Units per 1 USD of every premium currency involved. */
  rates: Record<string, number>
  durationType: DurationType
  paymentFrequency: PaymentFrequency
}

interface MemberPremium {
  memberId: number
  memberName: string
  annualPremium: Cents
  calculatedPremium: Cents
  calculatedPremiumUsd: Cents
  /** The premium currency's rate (units per 1 USD) this line was priced with. */
  premiumRate: number
}

export interface Quote extends Term {
  today: string
  durationType: DurationType
  paymentFrequency: PaymentFrequency
  currency: CurrencyRate
  calculations: MemberPremium[]
  totalAmount: Cents
  totalAmountUsd: Cents
  offeredFrequencies: PaymentFrequency[]
  installmentSchedule: Installment[]
  subscriptionAmount: Cents
  numberOfPayments: number
}

function priceMember(member: PricedMember, input: QuoteInput, durationDays: number): MemberPremium {
  const sourceRate = input.rates[member.premiumCurrency]
  if (!sourceRate || sourceRate <= 0) {
    throw new PricingError(`No exchange rate is available for ${member.premiumCurrency}`)
  }
  const annualPremium = convertPremium(member.finalPremium, sourceRate, input.currency)
  return {
    memberId: member.id,
    memberName: member.name,
    annualPremium,
    calculatedPremium: proRata(annualPremium, durationDays),
    calculatedPremiumUsd: proRata(premiumInUsd(member.finalPremium, sourceRate), durationDays),
    premiumRate: sourceRate,
  }
}

/** The price of a migration (decisions.md §5). Pure: same input, same quote. */
export function quoteMigration(input: QuoteInput): Quote {
  if (input.members.length === 0) throw new PricingError('Please select at least one member')
  if (!(input.currency.rate > 0))
    throw new PricingError(`No exchange rate is available for ${input.currency.code}`)
  const term = resolveTerm(input.product, input.durationType, input.today, input.startOn)
  const offered = offeredFrequencies(input.product.frequencies, term.months)
  if (!offered.includes(input.paymentFrequency)) {
    throw new PricingError(
      `The payment frequency ${input.paymentFrequency} is not available for this duration`
    )
  }
  const calculations = input.members.map((member) => priceMember(member, input, term.durationDays))
  const totalAmount = sumCents(calculations.map((line) => line.calculatedPremium))
  const installmentSchedule = buildSchedule({
    total: totalAmount,
    months: term.months,
    frequency: input.paymentFrequency,
    today: input.today,
    startDate: term.startDate,
  })
  return {
    ...term,
    today: input.today,
    durationType: input.durationType,
    paymentFrequency: input.paymentFrequency,
    currency: input.currency,
    calculations,
    totalAmount,
    totalAmountUsd: sumCents(calculations.map((line) => line.calculatedPremiumUsd)),
    offeredFrequencies: offered,
    installmentSchedule,
    subscriptionAmount: installmentSchedule[0].amount,
    numberOfPayments: installmentSchedule.length,
  }
}
