import type { Readable } from 'node:stream'
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  fieldColumns,
  fromCents,
  spreadsheetStream,
  toCents,
  type ExportFormat,
} from '#modules/shared/index'

/**
 * The ledger of a period for Finance (docs/payments.md, "Ledger export"): every payment recorded
 * paid, every refund and every dispute in it, with the provider's ids, the currency, the amount and
 * its USD value at the migration's frozen rate (total_amount_usd / total_amount, as revenue uses).
 * Payments by their provider time (`created`), refunds by creation, disputes by opening.
 */
const LEDGER_COLUMNS = [
  'kind',
  'date',
  'provider',
  'provider_id',
  'provider_payment_id',
  'migration_reference',
  'member_id',
  'status',
  'currency',
  'amount',
  'usd_value',
  'reason',
] as const
type LedgerRow = Record<(typeof LEDGER_COLUMNS)[number], string | number>

const BATCH = 1000
const USD_PER_UNIT = 'm.total_amount_usd / NULLIF(m.total_amount, 0)'

const time = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value ? String(value) : ''

/** One kind's rows of the period, BATCH at a time by id (no whole table in memory). */
async function* batches(kind: 'payment' | 'refund' | 'dispute', from: string, to: string) {
  const sources = {
    payment: {
      table: 'payments as x',
      at: 'x.created',
      // payments keep a decimal amount, refunds and disputes integer cents
      amount: 'x.amount as amount',
      columns: [
        'x.provider_payment_id as provider_id',
        'x.provider_payment_id',
        'x.status',
        'x.created as at',
        db.raw("'' as reason"),
        'm.payment_provider as provider',
      ],
    },
    refund: {
      table: 'payment_refunds as x',
      at: 'x.created_at',
      amount: 'x.amount_cents as cents',
      columns: [
        'x.provider_refund_id as provider_id',
        'x.provider_payment_id',
        'x.status',
        'x.created_at as at',
        'x.reason',
        'x.provider',
      ],
    },
    dispute: {
      table: 'payment_disputes as x',
      at: 'x.opened_at',
      amount: 'x.amount_cents as cents',
      columns: [
        'x.provider_dispute_id as provider_id',
        'x.provider_payment_id',
        'x.status',
        'x.opened_at as at',
        'x.reason',
        'x.provider',
      ],
    },
  }[kind]
  let after = 0
  for (;;) {
    const query = db
      .from(sources.table)
      .leftJoin('migrations as m', 'm.id', 'x.migration_id')
      .where('x.id', '>', after)
      .where(sources.at, '>=', from)
      .where(sources.at, '<=', to)
      .orderBy('x.id')
      .limit(BATCH)
      .select(
        'x.id',
        'x.currency',
        'm.migration_reference',
        'm.member_id_str',
        db.raw(`${USD_PER_UNIT} as usd_per_unit`),
        sources.amount,
        ...sources.columns
      )
    if (kind === 'payment') query.where('x.paid', true)
    const rows = await query
    if (rows.length === 0) return
    after = Number(rows[rows.length - 1].id)
    yield rows.map((row): LedgerRow => {
      const cents = kind === 'payment' ? toCents(row.amount) : Number(row.cents)
      const rate = row.usd_per_unit === null ? null : Number(row.usd_per_unit)
      return {
        kind,
        date: time(row.at),
        provider: String(row.provider ?? ''),
        provider_id: String(row.provider_id ?? ''),
        provider_payment_id: String(row.provider_payment_id ?? ''),
        migration_reference: String(row.migration_reference ?? ''),
        member_id: String(row.member_id_str ?? ''),
        status: String(row.status ?? ''),
        currency: String(row.currency ?? ''),
        amount: fromCents(cents),
        // Rounded to cents by the one money rule; empty when the migration has no frozen rate.
        usd_value: rate === null ? '' : fromCents(toCents(fromCents(cents) * rate)),
        reason: String(row.reason ?? ''),
      }
    })
    if (rows.length < BATCH) return
  }
}

/** Every ledger row of the period: payments, then refunds, then disputes. */
async function* ledgerRows(period: { from: DateTime; to: DateTime }) {
  const from = period.from.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
  const to = period.to.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
  for (const kind of ['payment', 'refund', 'dispute'] as const) yield* batches(kind, from, to)
}

/**
 * The ledger as CSV or XLSX, streamed by the list exports' one writer (shared's spreadsheetStream:
 * backpressure, the event loop's turn between batches, formula-safe text cells). The export is
 * audited by the controller before the file streams.
 */
export function ledgerFile(
  period: { from: DateTime; to: DateTime },
  format: ExportFormat
): Readable {
  return spreadsheetStream({
    format,
    sheetName: 'Ledger',
    columns: fieldColumns<LedgerRow>(LEDGER_COLUMNS),
    batches: ledgerRows(period),
    finished: async () => {},
  })
}
