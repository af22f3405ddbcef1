import { Installment, type Migration } from '#modules/migrations/index'
import { paymentReceipts } from '#modules/payments/index'
import {
  formatAmount,
  sumCents,
  toCents,
  translator,
  type Cents,
  type Language,
} from '#modules/shared/index'
import { dateFormatter } from './formatting.js'

/**
 * What a migration's member has paid and what remains, as the member area's schedule counts it:
 * the n-th paid payment settles installment n (payments' plan order), the installments after the
 * last paid one remain (docs/fulfilment.md, "Paid and remaining").
 */
export interface PaymentStanding {
  paidCents: Cents
  paidCount: number
  count: number
  remainingCents: Cents
  remainingCount: number
  nextDue: Installment | null
}

/**
 * The standing of a migration's payments; `upTo` counts only the installments up to that number
 * as paid (a receipt states the standing after its own installment).
 */
export async function paymentStanding(
  migration: Migration,
  upTo?: number
): Promise<PaymentStanding> {
  const paid = (await paymentReceipts.paid(migration.id)).filter(
    (row) => upTo === undefined || row.installment <= upTo
  )
  const plan = await Installment.query()
    .where('migration_id', migration.id)
    .orderBy('payment_number')
  const paidCents = sumCents(paid.map((row) => toCents(row.payment.amount)))
  if (plan.length <= 1) {
    const total = toCents(migration.total_amount)
    const settled = paid.length > 0
    return {
      paidCents,
      paidCount: settled ? 1 : 0,
      count: 1,
      remainingCents: settled ? 0 : total,
      remainingCount: settled ? 0 : 1,
      nextDue: null,
    }
  }
  const paidCount = Math.min(paid.length, plan.length)
  const remaining = plan.slice(paidCount)
  return {
    paidCents,
    paidCount,
    count: plan.length,
    remainingCents: sumCents(remaining.map((row) => toCents(row.amount))),
    remainingCount: remaining.length,
    nextDue: remaining[0] ?? null,
  }
}

/**
 * The standing in words of the catalogue (documents.standing.*), amounts and dates as the
 * language writes them: `paid` "EUR 1,079.16 (1 of 4 installments)", `remaining` "EUR 3,237.48
 * in 3 installments, the next on 01.03.2027" or "nothing"; `cancelled` the same remainder as no
 * longer due after a withdrawal, cancellation or lapse.
 */
export async function standingTexts(
  migration: Migration,
  standing: PaymentStanding,
  language: Language
) {
  const i18n = translator(language)
  const date = await dateFormatter()
  const money = (cents: Cents) => formatAmount(cents, migration.currency, language)
  const paid =
    standing.count <= 1
      ? i18n.t('documents.standing.paid_single', { amount: money(standing.paidCents) })
      : i18n.t('documents.standing.paid_installments', {
          amount: money(standing.paidCents),
          paid: standing.paidCount,
          count: standing.count,
        })
  const remaining =
    standing.remainingCount === 0
      ? i18n.t('documents.standing.nothing_remaining')
      : i18n.t('documents.standing.remaining', {
          amount: money(standing.remainingCents),
          count: standing.remainingCount,
          date: date(standing.nextDue?.due_date ?? null),
        })
  const cancelled =
    standing.remainingCount === 0
      ? i18n.t('documents.standing.nothing_cancelled')
      : i18n.t('documents.standing.cancelled', {
          amount: money(standing.remainingCents),
          count: standing.remainingCount,
        })
  return { paid, remaining, cancelled }
}
