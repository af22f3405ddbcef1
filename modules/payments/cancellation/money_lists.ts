import db from '@adonisjs/lucid/services/db'
import { ApiError, type ExportSource, type RestListQuery } from '#modules/shared/index'

/**
 * The Finance area's lists of refunds and disputes (plain REST: sort, range, filter), read with
 * the migration's reference and member. Pass the query from `readRestListQuery` with the
 * SORTABLE / FILTERS below; amounts are integer cents.
 */
export type RefundFilter = {
  status: string
  origin: string
  migration_id: string
  q: string
  from: string
  to: string
}
export type DisputeFilter = {
  status: string
  migration_id: string
  q: string
  from: string
  to: string
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)
const isId = (value: string) => /^\d{1,9}$/.test(value)
const isText = (value: string) => value.trim().length > 0

export const REFUND_SORTABLE = [
  'id',
  'created_at',
  'refunded_at',
  'amount_cents',
  'status',
  'origin',
]
export const REFUND_FILTERS = {
  status: (value: string) => ['pending', 'succeeded', 'failed', 'canceled'].includes(value),
  origin: (value: string) => ['portal', 'provider'].includes(value),
  migration_id: isId,
  q: isText,
  from: isDay,
  to: isDay,
}
export const DISPUTE_SORTABLE = [
  'id',
  'opened_at',
  'closed_at',
  'evidence_due_by',
  'amount_cents',
  'status',
]
export const DISPUTE_FILTERS = {
  status: isText,
  migration_id: isId,
  q: isText,
  from: isDay,
  to: isDay,
}
/** Dispute statuses that are decided: every other one is open (status filter `open`, the dashboard's tile). */
const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed', 'charge_refunded']

function refunds(filter: Partial<RefundFilter>) {
  const query = db
    .from('payment_refunds as r')
    .leftJoin('migrations as m', 'm.id', 'r.migration_id')
  if (filter.status) query.where('r.status', filter.status)
  if (filter.origin) query.where('r.origin', filter.origin)
  if (filter.migration_id) query.where('r.migration_id', Number(filter.migration_id))
  if (filter.from) query.where('r.created_at', '>=', `${filter.from} 00:00:00`)
  if (filter.to) query.where('r.created_at', '<=', `${filter.to} 23:59:59`)
  if (filter.q)
    query.where((inner) =>
      inner
        .where('m.migration_reference', filter.q!.trim())
        .orWhere('r.provider_refund_id', filter.q!.trim())
        .orWhere('m.member_id_str', filter.q!.trim())
    )
  return query
}

function disputes(filter: Partial<DisputeFilter>) {
  const query = db
    .from('payment_disputes as d')
    .leftJoin('migrations as m', 'm.id', 'd.migration_id')
  if (filter.status === 'open') query.whereNotIn('d.status', CLOSED_DISPUTE_STATUSES)
  else if (filter.status) query.where('d.status', filter.status)
  if (filter.migration_id) query.where('d.migration_id', Number(filter.migration_id))
  if (filter.from) query.where('d.opened_at', '>=', `${filter.from} 00:00:00`)
  if (filter.to) query.where('d.opened_at', '<=', `${filter.to} 23:59:59`)
  if (filter.q)
    query.where((inner) =>
      inner
        .where('m.migration_reference', filter.q!.trim())
        .orWhere('d.provider_dispute_id', filter.q!.trim())
        .orWhere('m.member_id_str', filter.q!.trim())
    )
  return query
}

const time = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : String(value)

function presentRefund(row: Record<string, any>) {
  return {
    id: Number(row.id),
    migration_id: row.migration_id === null ? null : Number(row.migration_id),
    migration_reference: row.migration_reference ?? null,
    member_id: row.member_id_str ?? null,
    payment_id: row.payment_id === null ? null : Number(row.payment_id),
    cancellation_id: row.cancellation_id === null ? null : Number(row.cancellation_id),
    provider: row.provider,
    provider_refund_id: row.provider_refund_id ?? null,
    provider_payment_id: row.provider_payment_id ?? null,
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status,
    origin: row.origin,
    reason: row.reason ?? null,
    refunded_at: time(row.refunded_at),
    created_at: time(row.created_at),
  }
}

function presentDispute(row: Record<string, any>) {
  return {
    id: Number(row.id),
    migration_id: row.migration_id === null ? null : Number(row.migration_id),
    migration_reference: row.migration_reference ?? null,
    member_id: row.member_id_str ?? null,
    payment_id: row.payment_id === null ? null : Number(row.payment_id),
    provider: row.provider,
    provider_dispute_id: row.provider_dispute_id,
    provider_payment_id: row.provider_payment_id ?? null,
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status,
    reason: row.reason ?? null,
    opened_at: time(row.opened_at),
    closed_at: time(row.closed_at),
    evidence_due_by: time(row.evidence_due_by),
  }
}

export type RefundRow = ReturnType<typeof presentRefund>
export type DisputeRow = ReturnType<typeof presentDispute>

const REFUND_COLUMNS = ['r.*', 'm.migration_reference', 'm.member_id_str']
const DISPUTE_COLUMNS = ['d.*', 'm.migration_reference', 'm.member_id_str']

export const refundList = {
  async page(query: RestListQuery<RefundFilter>): Promise<{ rows: RefundRow[]; total: number }> {
    const total = Number((await refunds(query.filter).count('* as total').first())?.total ?? 0)
    const rows = await refunds(query.filter)
      .select(REFUND_COLUMNS)
      .orderBy(`r.${query.sort}`, query.order)
      .orderBy('r.id', query.order)
      .offset(query.offset)
      .limit(query.limit)
    return { rows: rows.map(presentRefund), total }
  },
  async show(id: number): Promise<RefundRow> {
    const row = await refunds({}).where('r.id', id).select(REFUND_COLUMNS).first()
    if (!row) throw new ApiError('Refund not found', 404)
    return presentRefund(row)
  },
  /** Every refund of the list's filter, in its sort (ties by id): the list as an export. */
  exportSource(query: RestListQuery<RefundFilter>): ExportSource<RefundRow> {
    return {
      ids: async () =>
        (
          await refunds(query.filter)
            .orderBy(`r.${query.sort}`, query.order)
            .orderBy('r.id', query.order)
            .select('r.id')
        ).map((row) => Number(row.id)),
      rows: async (ids) =>
        (await refunds({}).whereIn('r.id', ids).select(REFUND_COLUMNS)).map(presentRefund),
      idOf: (row) => row.id,
    }
  },
  /** A migration's refunds, oldest first (the migration detail). */
  async ofMigration(migrationId: number): Promise<RefundRow[]> {
    return (
      await refunds({ migration_id: String(migrationId) })
        .select(REFUND_COLUMNS)
        .orderBy('r.id')
    ).map(presentRefund)
  },
}

export const disputeList = {
  async page(query: RestListQuery<DisputeFilter>): Promise<{ rows: DisputeRow[]; total: number }> {
    const total = Number((await disputes(query.filter).count('* as total').first())?.total ?? 0)
    const rows = await disputes(query.filter)
      .select(DISPUTE_COLUMNS)
      .orderBy(`d.${query.sort}`, query.order)
      .orderBy('d.id', query.order)
      .offset(query.offset)
      .limit(query.limit)
    return { rows: rows.map(presentDispute), total }
  },
  async show(id: number): Promise<DisputeRow> {
    const row = await disputes({}).where('d.id', id).select(DISPUTE_COLUMNS).first()
    if (!row) throw new ApiError('Dispute not found', 404)
    return presentDispute(row)
  },
  /** Every dispute of the list's filter, in its sort (ties by id): the list as an export. */
  exportSource(query: RestListQuery<DisputeFilter>): ExportSource<DisputeRow> {
    return {
      ids: async () =>
        (
          await disputes(query.filter)
            .orderBy(`d.${query.sort}`, query.order)
            .orderBy('d.id', query.order)
            .select('d.id')
        ).map((row) => Number(row.id)),
      rows: async (ids) =>
        (await disputes({}).whereIn('d.id', ids).select(DISPUTE_COLUMNS)).map(presentDispute),
      idOf: (row) => row.id,
    }
  },
  async ofMigration(migrationId: number): Promise<DisputeRow[]> {
    return (
      await disputes({ migration_id: String(migrationId) })
        .select(DISPUTE_COLUMNS)
        .orderBy('d.id')
    ).map(presentDispute)
  },
}
