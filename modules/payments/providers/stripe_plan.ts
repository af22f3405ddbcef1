import { DateTime } from 'luxon'
import type { Cents } from '#modules/shared/index'
import type { PlannedPayment } from './payment_provider.js'

/**
 * How a Stripe subscription charges a stored installment schedule exactly (docs/fulfilment.md,
 * "Installments on Stripe"). The subscription's price is the regular installment every `period`
 * months. Start today: Stripe anchors the cycle at creation, its first invoice is payment 1 and
 * renewals fall on today + k × period. Start in the future: a trial until payment 2's due date
 * (so renewals fall on start + (k − 1) × period) with payment 1 added to the first, otherwise
 * empty, invoice. The subscription is cancelled exactly at the period boundary after the last
 * installment, and the last installment's difference (reconciliation or rounding remainder)
 * joins the last invoice as an invoice item added once payment n − 1 is paid.
 */
export interface StripePlan {
  regular: Cents
  /** Invoices the subscription's price makes (the first invoice included when starting today). */
  recurringCount: number
  /** Unix time the price starts billing (future start: payment 2's due date, 00:00 UTC); null: at checkout. */
  trialEnd: number | null
  /** Payment 1 as an invoice item of the first invoice (future start only). */
  firstPaymentItem: Cents | null
  /** The end known at creation (future start, anchored on trialEnd); null: set once the first invoice is paid. */
  cancelAt: number | null
  /** Last installment − regular (may be negative); 0 when the last equals the others. */
  finalAdjustment: Cents
}

export function stripePlanOf(
  installments: PlannedPayment[],
  periodMonths: number,
  startDate: string
): StripePlan {
  const regular = installments[0].amount
  const finalAdjustment = installments[installments.length - 1].amount - regular
  if (!startsLater(installments, startDate)) {
    return {
      regular,
      recurringCount: installments.length,
      trialEnd: null,
      firstPaymentItem: null,
      cancelAt: null,
      finalAdjustment,
    }
  }
  const trialEnd = unixOfDate(installments[1].dueDate)
  const recurringCount = installments.length - 1
  return {
    regular,
    recurringCount,
    trialEnd,
    firstPaymentItem: regular,
    cancelAt: periodBoundary(trialEnd, recurringCount * periodMonths),
    finalAdjustment,
  }
}

/** Coverage starts after the day of checkout (the product's enforced fixed start date). */
function startsLater(installments: PlannedPayment[], startDate: string): boolean {
  return startDate > installments[0].dueDate
}

/**
 * The billing period boundary `months` after an anchor, as Stripe computes it: same time of day,
 * same day of month, clamped to the month's last day (anchor 31 Jan → 28 Feb, 31 Mar, 30 Apr).
 */
export function periodBoundary(anchor: number, months: number): number {
  return DateTime.fromSeconds(anchor, { zone: 'utc' }).plus({ months }).toUnixInteger()
}

/** 00:00 UTC of a calendar date. */
function unixOfDate(date: string): number {
  return DateTime.fromISO(date, { zone: 'utc' }).toUnixInteger()
}

/** Due dates Stripe will bill on (payments 2…n) when they differ from the stored ones; see the docs' day-of-month note. */
export function driftedDueDates(
  installments: PlannedPayment[],
  plan: StripePlan,
  periodMonths: number
): string[] {
  if (plan.trialEnd === null) return []
  return installments.slice(1).flatMap((installment, index) => {
    const billed = DateTime.fromSeconds(periodBoundary(plan.trialEnd!, index * periodMonths), {
      zone: 'utc',
    }).toISODate()!
    return billed === installment.dueDate ? [] : [`${installment.dueDate} → ${billed}`]
  })
}
