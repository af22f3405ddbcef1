import { Type, type Static } from '@sinclair/typebox'
import db from '@adonisjs/lucid/services/db'
import { Nullable } from '#modules/api_contract/index'
import { fromCents, toCents } from '#modules/shared/index'

const MoneyHitFields = {
  id: Type.Number(),
  migration_id: Nullable(Type.Number()),
  migration_reference: Nullable(Type.String()),
  amount: Type.Number({ description: 'In `currency`, decimal units' }),
  currency: Type.String(),
  status: Type.String(),
}

/** A payment found by the app bar's search by its provider id (an invoice or a PaymentIntent). */
export const PaymentSearchHit = Type.Object(
  { ...MoneyHitFields, provider_payment_id: Type.String() },
  { $id: 'PaymentSearchHit' }
)
export type PaymentSearchHit = Static<typeof PaymentSearchHit>

/** A refund found by its provider id or by the provider payment it gives back. */
export const RefundSearchHit = Type.Object(
  {
    ...MoneyHitFields,
    provider_refund_id: Nullable(Type.String()),
    provider_payment_id: Nullable(Type.String()),
  },
  { $id: 'RefundSearchHit' }
)
export type RefundSearchHit = Static<typeof RefundSearchHit>

/** A card dispute found by its provider id or by the provider payment it disputes. */
export const DisputeSearchHit = Type.Object(
  {
    ...MoneyHitFields,
    provider_dispute_id: Type.String(),
    provider_payment_id: Nullable(Type.String()),
  },
  { $id: 'DisputeSearchHit' }
)
export type DisputeSearchHit = Static<typeof DisputeSearchHit>

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

function moneyFields(row: Record<string, any>, cents: number) {
  return {
    id: Number(row.id),
    migration_id: idOrNull(row.migration_id),
    migration_reference: row.migration_reference ?? null,
    amount: fromCents(cents),
    currency: row.currency,
    status: row.status,
  }
}

/**
 * The Finance kinds of the app bar's search: provider ids as the provider wrote them (case
 * matters), each compared whole on a unique or plain index — a PaymentIntent, invoice, charge,
 * refund or dispute id is never a prefix of a name. Newest first, at most `limit` each.
 */
export const moneySearch = {
  /** Payments by their provider id, and the payments of the migration a PaymentIntent started (payments' own link). */
  async payments(providerId: string, limit: number): Promise<PaymentSearchHit[]> {
    const select = () =>
      db
        .from('payments as p')
        .join('migrations as m', 'm.id', 'p.migration_id')
        .select('p.*', 'm.migration_reference')
        .orderBy('p.id', 'desc')
        .limit(limit)
    const direct = await select().where('p.provider_payment_id', providerId)
    const link = direct.length
      ? null
      : await db
          .from('payment_intent_links')
          .where('provider_payment_intent_id', providerId)
          .first()
    const rows = link ? await select().where('p.migration_id', link.migration_id) : direct
    return rows.map((row) => ({
      ...moneyFields(row, toCents(row.amount)),
      provider_payment_id: row.provider_payment_id,
    }))
  },

  async refunds(providerId: string, limit: number): Promise<RefundSearchHit[]> {
    const rows = await newestOfEither(
      'payment_refunds',
      ['provider_refund_id', 'provider_payment_id'],
      providerId,
      limit
    )
    return rows.map((row) => ({
      ...moneyFields(row, Number(row.amount_cents)),
      provider_refund_id: row.provider_refund_id ?? null,
      provider_payment_id: row.provider_payment_id ?? null,
    }))
  },

  async disputes(providerId: string, limit: number): Promise<DisputeSearchHit[]> {
    const rows = await newestOfEither(
      'payment_disputes',
      ['provider_dispute_id', 'provider_payment_id'],
      providerId,
      limit
    )
    return rows.map((row) => ({
      ...moneyFields(row, Number(row.amount_cents)),
      provider_dispute_id: row.provider_dispute_id,
      provider_payment_id: row.provider_payment_id ?? null,
    }))
  },
}

/** Rows whose first or second column equals the id: one indexed read per column, merged newest first. */
async function newestOfEither(table: string, columns: string[], providerId: string, limit: number) {
  const found = new Map<number, Record<string, any>>()
  for (const column of columns) {
    const rows = await db
      .from(`${table} as x`)
      .leftJoin('migrations as m', 'm.id', 'x.migration_id')
      .select('x.*', 'm.migration_reference')
      .where(`x.${column}`, providerId)
      .orderBy('x.id', 'desc')
      .limit(limit)
    for (const row of rows) found.set(Number(row.id), row)
  }
  return [...found.values()].sort((a, b) => Number(b.id) - Number(a.id)).slice(0, limit)
}
