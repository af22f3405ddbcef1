import db from '@adonisjs/lucid/services/db'
import {
  ApiError,
  fieldColumns,
  fromCents,
  toCents,
  type ExportSource,
  type RestListQuery,
} from '#modules/shared/index'
import { readStamp } from './dunning_cases.js'
import { stageName } from './dunning_stages.js'

export type DunningFilter = { status: 'open' | 'paid' | 'lapsed'; q: string }

export const DUNNING_SORTABLE = ['id', 'failed_at', 'stage', 'last_notice_at', 'amount']
export const DUNNING_FILTERS = {
  status: (value: string) => ['open', 'paid', 'lapsed'].includes(value),
  q: (value: string) => value.trim().length > 0,
}

const SORT_COLUMNS: Record<string, string> = {
  id: 'c.id',
  failed_at: 'c.failed_at',
  stage: 'c.stage',
  last_notice_at: 'c.last_notice_at',
  amount: 'p.amount',
}

function cases(filter: Partial<DunningFilter>) {
  const query = db
    .from('dunning_cases as c')
    .join('payments as p', 'p.id', 'c.payment_id')
    .join('migrations as m', 'm.id', 'c.migration_id')
  if (filter.status === 'paid') query.where('p.paid', true)
  if (filter.status === 'open') query.where('p.paid', false).whereNull('c.ended_at')
  if (filter.status === 'lapsed') query.where('p.paid', false).whereNotNull('c.ended_at')
  if (filter.q) {
    const like = `%${filter.q.trim().toLowerCase()}%`
    query.where((inner) =>
      inner
        .whereRaw('lower(m.migration_reference) like ?', [like])
        .orWhereRaw('lower(m.insured_full_name) like ?', [like])
        .orWhereRaw('lower(m.member_id_str) like ?', [like])
    )
  }
  return query
}

function present(row: Record<string, any>) {
  const paid = Boolean(Number(row.paid))
  return {
    id: Number(row.id),
    migration_id: Number(row.migration_id),
    migration_reference: row.migration_reference,
    member_name: row.insured_full_name,
    member_id: row.member_id_str,
    provider_payment_id: row.provider_payment_id,
    amount: fromCents(toCents(row.amount)),
    currency: row.currency,
    failed_at: readStamp(row.failed_at).toISO(),
    notices_sent: Number(row.stage),
    stage: stageName(Number(row.stage), paid, row.ended_at !== null),
    last_notice_at: row.last_notice_at ? readStamp(row.last_notice_at).toISO() : null,
    paid,
  }
}

type DunningCase = ReturnType<typeof present>

/** The export's columns: the case's fields as the list's API names them. */
export const DUNNING_EXPORT_COLUMNS = fieldColumns<DunningCase>([
  'id',
  'failed_at',
  'migration_reference',
  'member_name',
  'member_id',
  'provider_payment_id',
  'amount',
  'currency',
  'stage',
  'notices_sent',
  'last_notice_at',
  'paid',
])

const COLUMNS = [
  'c.id',
  'c.migration_id',
  'c.failed_at',
  'c.stage',
  'c.ended_at',
  'c.last_notice_at',
  'p.provider_payment_id',
  'p.amount',
  'p.currency',
  'p.paid',
  'm.migration_reference',
  'm.insured_full_name',
  'm.member_id_str',
]

/** The Finance area's dunning list and show view (plain REST, docs/payments.md). */
export const dunningList = {
  async page(query: RestListQuery<DunningFilter>) {
    const total = Number((await cases(query.filter).count('* as total').first())?.total ?? 0)
    const rows = await cases(query.filter)
      .select(COLUMNS)
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('c.id', query.order)
      .offset(query.offset)
      .limit(query.limit)
    return { rows: rows.map(present), total }
  },

  /** Every case of the list's filter, in its sort (ties by id): the list as an export. */
  exportSource(query: RestListQuery<DunningFilter>): ExportSource<DunningCase> {
    return {
      ids: async () =>
        (
          await cases(query.filter)
            .orderBy(SORT_COLUMNS[query.sort], query.order)
            .orderBy('c.id', query.order)
            .select('c.id')
        ).map((row) => Number(row.id)),
      rows: async (ids) => (await cases({}).whereIn('c.id', ids).select(COLUMNS)).map(present),
      idOf: (row) => row.id,
    }
  },

  async show(id: number) {
    const row = await cases({}).where('c.id', id).select(COLUMNS).first()
    if (!row) throw new ApiError('Dunning case not found', 404)
    return present(row)
  },
}
