import db from '@adonisjs/lucid/services/db'
import { ApiError, type ExportSource, type RestListQuery } from '#modules/shared/index'
import { MISMATCH_KINDS } from './reconcile.js'

export type ReconciliationFilter = { kind: string; object_type: string; run_id: string; q: string }

export const RECONCILIATION_SORTABLE = [
  'id',
  'kind',
  'object_type',
  'provider_amount',
  'our_amount',
]
export const RECONCILIATION_FILTERS = {
  kind: (value: string) => (MISMATCH_KINDS as readonly string[]).includes(value),
  object_type: (value: string) => ['charge', 'refund', 'dispute'].includes(value),
  run_id: (value: string) => /^\d{1,9}$/.test(value),
  q: (value: string) => value.trim().length > 0,
}

/** The run a filter is about; without one, the latest finished run (what the Finance screen shows first). */
async function runOf(filter: Partial<ReconciliationFilter>) {
  if (filter.run_id) return Number(filter.run_id)
  const latest = await db
    .from('reconciliation_runs')
    .where('status', 'finished')
    .max('id as id')
    .first()
  return Number(latest?.id ?? 0)
}

function items(filter: Partial<ReconciliationFilter>, runId: number) {
  const query = db
    .from('reconciliation_items as i')
    .join('reconciliation_runs as r', 'r.id', 'i.run_id')
    .where('i.run_id', runId)
  if (filter.kind) query.where('i.kind', filter.kind)
  if (filter.object_type) query.where('i.object_type', filter.object_type)
  if (filter.q)
    query.where((inner) =>
      inner.where('i.provider_id', filter.q!.trim()).orWhere('i.payment_key', filter.q!.trim())
    )
  return query
}

const COLUMNS = ['i.*', 'r.source', 'r.range_from', 'r.range_to']
const cents = (value: unknown) => (value === null || value === undefined ? null : Number(value))

function present(row: Record<string, any>) {
  return {
    id: Number(row.id),
    run_id: Number(row.run_id),
    source: row.source,
    kind: row.kind,
    object_type: row.object_type,
    provider_id: row.provider_id ?? null,
    payment_key: row.payment_key ?? null,
    payment_id: row.payment_id === null ? null : Number(row.payment_id),
    provider_amount_cents: cents(row.provider_amount),
    our_amount_cents: cents(row.our_amount),
    provider_currency: row.provider_currency ?? null,
    our_currency: row.our_currency ?? null,
    provider_status: row.provider_status ?? null,
    our_status: row.our_status ?? null,
  }
}

export type ReconciliationItem = ReturnType<typeof present>

/** The Finance area's reconciliation list, show view and CSV export. */
export const reconciliationList = {
  async page(query: RestListQuery<ReconciliationFilter>) {
    const runId = await runOf(query.filter)
    const total = Number((await items(query.filter, runId).count('* as total').first())?.total ?? 0)
    const rows = await items(query.filter, runId)
      .select(COLUMNS)
      .orderBy(`i.${query.sort}`, query.order)
      .orderBy('i.id', query.order)
      .offset(query.offset)
      .limit(query.limit)
    return { rows: rows.map(present), total }
  },

  async show(id: number) {
    const row = await db
      .from('reconciliation_items as i')
      .join('reconciliation_runs as r', 'r.id', 'i.run_id')
      .where('i.id', id)
      .select(COLUMNS)
      .first()
    if (!row) throw new ApiError('Reconciliation item not found', 404)
    return present(row)
  },

  /** Every item of the filter (its run, or the latest), in the list's sort (ties by id): the list as an export. */
  exportSource(query: RestListQuery<ReconciliationFilter>): ExportSource<ReconciliationItem> {
    return {
      async ids() {
        const runId = await runOf(query.filter)
        const rows = await items(query.filter, runId)
          .orderBy(`i.${query.sort}`, query.order)
          .orderBy('i.id', query.order)
          .select('i.id')
        return rows.map((row) => Number(row.id))
      },
      async rows(ids) {
        const rows = await db
          .from('reconciliation_items as i')
          .join('reconciliation_runs as r', 'r.id', 'i.run_id')
          .whereIn('i.id', ids)
          .select(COLUMNS)
        return rows.map(present)
      },
      idOf: (row) => row.id,
    }
  },
}

/** The export's columns: the item's fields, as the CSV export has always named them. */
export const RECONCILIATION_EXPORT_FIELDS: (keyof ReconciliationItem)[] = [
  'id',
  'run_id',
  'source',
  'kind',
  'object_type',
  'provider_id',
  'payment_key',
  'payment_id',
  'provider_amount_cents',
  'our_amount_cents',
  'provider_currency',
  'our_currency',
  'provider_status',
  'our_status',
]
