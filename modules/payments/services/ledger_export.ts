import { PassThrough, Readable } from 'node:stream'
import type { DateTime } from 'luxon'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import { fromCents, toCents } from '#modules/shared/index'
import { csvField, neutralise } from '../../../shared_data/spreadsheet_cells.js'

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

/** A cell as text, neutralised: numbers stay numbers (they cannot start a formula). */
const cellOf = (value: string | number) => (typeof value === 'number' ? value : neutralise(value))

/** The ledger as a CSV stream (header first, one batch per chunk). */
export function ledgerCsv(period: { from: DateTime; to: DateTime }): Readable {
  async function* lines() {
    yield `${LEDGER_COLUMNS.join(',')}\r\n`
    for await (const rows of ledgerRows(period))
      yield rows
        .map(
          (row) =>
            `${LEDGER_COLUMNS.map((column) => csvField(String(cellOf(row[column])))).join(',')}\r\n`
        )
        .join('')
  }
  return Readable.from(lines())
}

/** The ledger as an XLSX stream (ExcelJS's streaming writer: each row committed as it is written). */
export function ledgerXlsx(period: { from: DateTime; to: DateTime }): Readable {
  const stream = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false })
  const sheet = workbook.addWorksheet('Ledger')
  sheet.columns = LEDGER_COLUMNS.map((header) => ({ header, key: header, width: 20 }))
  ;(async () => {
    for await (const rows of ledgerRows(period))
      for (const row of rows)
        sheet.addRow(LEDGER_COLUMNS.map((column) => cellOf(row[column]))).commit()
    sheet.commit()
    await workbook.commit()
  })().catch((error) => stream.destroy(error))
  return stream
}
