import { fromCents } from '#modules/shared/index'
import type { Quote } from './quote.js'

/** The spec's pricing result (member-shop.md §3), amounts in decimal units of the chosen currency. */
export function toPricingResult(quote: Quote) {
  return {
    calculations: quote.calculations.map((line) => ({
      memberId: line.memberId,
      memberName: line.memberName,
      calculatedPremium: fromCents(line.calculatedPremium),
      annualPremium: fromCents(line.annualPremium),
    })),
    currency: quote.currency.code,
    durationType: quote.durationType,
    durationDays: quote.durationDays,
    startDate: quote.startDate,
    endDate: quote.endDate,
    totalAmount: fromCents(quote.totalAmount),
    paymentFrequency: quote.paymentFrequency,
    subscriptionAmount: fromCents(quote.subscriptionAmount),
    numberOfPayments: quote.numberOfPayments,
    installmentSchedule: quote.installmentSchedule.map((installment) => ({
      ...installment,
      amount: fromCents(installment.amount),
    })),
    exchangeRate: quote.currency.rate,
    surchargePercentage: quote.currency.surchargePercentage,
  }
}

export type PricingResult = ReturnType<typeof toPricingResult>
