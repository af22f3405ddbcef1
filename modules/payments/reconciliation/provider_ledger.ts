import type Stripe from 'stripe'
import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { toCents } from '#modules/shared/index'

/** One provider row staged for comparison: amounts in cents, currency upper case. */
export interface StagedRow {
  /** invoice_payment: not compared itself; links a PaymentIntent (provider_id) to its invoice (payment_key). */
  object_type: 'charge' | 'refund' | 'dispute' | 'invoice_payment'
  provider_id: string
  /** Our payments.provider_payment_id it belongs to: the invoice, else the PaymentIntent. */
  payment_key: string | null
  amount: number
  currency: string
  status: string
}

/** Rows handed over per page: Stripe's largest page. */
const PAGE_SIZE = 100

const idOf = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null)

/** A charge's status as compared with ours: a (fully) refunded charge is `refunded`. */
function chargeRow(charge: Stripe.Charge & { invoice?: unknown }): StagedRow {
  return {
    object_type: 'charge',
    provider_id: charge.id,
    payment_key: idOf(charge.invoice) ?? idOf(charge.payment_intent),
    amount: charge.amount,
    currency: charge.currency.toUpperCase(),
    status: charge.refunded ? 'refunded' : charge.status,
  }
}

/**
 * Stripe's charges, refunds and disputes created in the range, page by page
 * (the SDK's auto-pagination with `starting_after`): at most one page is
 * held at a time.
 */
export async function* stripeLedger(
  stripe: Stripe,
  from: DateTime,
  to: DateTime
): AsyncGenerator<StagedRow[]> {
  const created = { gte: Math.floor(from.toSeconds()), lte: Math.floor(to.toSeconds()) }
  let page: StagedRow[] = []
  // Since API version 2025-03-31 a charge no longer names its invoice: an installment's charge is
  // tied to our invoice-keyed payment row through the invoice's payments.
  for await (const paid of stripe.invoicePayments.list({ created, limit: PAGE_SIZE })) {
    const intent = idOf(paid.payment?.payment_intent)
    if (!intent) continue
    page.push({
      object_type: 'invoice_payment',
      provider_id: intent,
      payment_key: idOf(paid.invoice),
      amount: paid.amount_paid ?? paid.amount_requested,
      currency: paid.currency.toUpperCase(),
      status: paid.status,
    })
    if (page.length === PAGE_SIZE) yield page.splice(0)
  }
  for await (const charge of stripe.charges.list({ created, limit: PAGE_SIZE })) {
    page.push(chargeRow(charge))
    if (page.length === PAGE_SIZE) yield page.splice(0)
  }
  for await (const refund of stripe.refunds.list({ created, limit: PAGE_SIZE })) {
    page.push({
      object_type: 'refund',
      provider_id: refund.id,
      payment_key: idOf(refund.payment_intent) ?? idOf(refund.charge),
      amount: refund.amount,
      currency: refund.currency.toUpperCase(),
      status: refund.status ?? 'succeeded',
    })
    if (page.length === PAGE_SIZE) yield page.splice(0)
  }
  for await (const dispute of stripe.disputes.list({ created, limit: PAGE_SIZE })) {
    page.push({
      object_type: 'dispute',
      provider_id: dispute.id,
      payment_key: idOf(dispute.payment_intent) ?? idOf(dispute.charge),
      amount: dispute.amount,
      currency: dispute.currency.toUpperCase(),
      status: dispute.status,
    })
    if (page.length === PAGE_SIZE) yield page.splice(0)
  }
  if (page.length > 0) yield page
}

/**
 * The sandbox provider's ledger: the charges it confirmed itself are the
 * payment rows of sandbox migrations, its refunds our sandbox refund rows (it
 * keeps no other record; it has no disputes), read in id order a page at a time.
 */
export async function* sandboxLedger(
  from: DateTime,
  to: DateTime,
  sqlTime: (date: DateTime) => string
): AsyncGenerator<StagedRow[]> {
  const range: [string, string] = [sqlTime(from), sqlTime(to)]
  let afterId = 0
  for (;;) {
    const rows = await db
      .from('payments as p')
      .join('migrations as m', 'm.id', 'p.migration_id')
      .where('m.payment_provider', 'sandbox')
      .where('p.id', '>', afterId)
      .whereBetween('p.created', range)
      .where((query) => query.where('p.paid', true).orWhere('p.status', 'refunded'))
      .select('p.id', 'p.provider_payment_id', 'p.amount', 'p.currency', 'p.status', 'p.paid')
      .orderBy('p.id')
      .limit(PAGE_SIZE)
    if (rows.length === 0) break
    afterId = Number(rows[rows.length - 1].id)
    yield rows.map((row) => ({
      object_type: 'charge' as const,
      provider_id: row.provider_payment_id,
      payment_key: row.provider_payment_id,
      amount: toCents(row.amount),
      currency: String(row.currency).toUpperCase(),
      status: row.status === 'refunded' ? 'refunded' : 'succeeded',
    }))
  }
  afterId = 0
  for (;;) {
    const refunds = await db
      .from('payment_refunds')
      .where('provider', 'sandbox')
      .whereNotNull('provider_refund_id')
      .where('id', '>', afterId)
      .whereBetween('created_at', range)
      .select(
        'id',
        'provider_refund_id',
        'provider_payment_id',
        'amount_cents',
        'currency',
        'status'
      )
      .orderBy('id')
      .limit(PAGE_SIZE)
    if (refunds.length === 0) return
    afterId = Number(refunds[refunds.length - 1].id)
    yield refunds.map((row) => ({
      object_type: 'refund' as const,
      provider_id: row.provider_refund_id,
      payment_key: row.provider_payment_id,
      amount: Number(row.amount_cents),
      currency: String(row.currency).toUpperCase(),
      status: row.status,
    }))
  }
}
