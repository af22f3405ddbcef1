import { readFile } from 'node:fs/promises'
import PDFDocument from 'pdfkit'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Migration } from '#modules/migrations/index'
import type { refundList } from '#modules/payments/index'
import { getBranding } from '#modules/settings/index'
import {
  ApiError,
  formatAmount,
  forUpdate,
  lockingTransaction,
  translator,
  type Language,
} from '#modules/shared/index'
import { dateFormatter, formatMoney } from '../services/formatting.js'
import { storagePath } from '../services/storage.js'

type Refund = Awaited<ReturnType<typeof refundList.show>>
/** A subquery giving migration ids (a member's own, say). */
type ModelQuery = Parameters<ReturnType<typeof db.from>['whereIn']>[1]

export interface CreditNoteRow {
  id: number
  number: string
  refund_id: number
  migration_id: number
  amount_cents: number
  currency: string
  language: Language
  file_name: string
  issued_at: string | Date
}

/** CN-2026-000042: the year it was issued and its place in that year's sequence. */
const numberOf = (year: number, sequence: number) =>
  `CN-${year}-${String(sequence).padStart(6, '0')}`

/**
 * The credit note of a refund, issued once (docs/payments.md, "Credit notes"). Its number is the
 * next of the year's counter, taken under the counter row's lock in the transaction that stores the
 * note: two workers never take the same number, and a note not stored returns its number (no gaps).
 */
export async function issueCreditNote(refund: Refund, language: Language): Promise<CreditNoteRow> {
  return lockingTransaction(async (trx) => {
    const existing = await forUpdate(
      trx.from('credit_notes').where('refund_id', refund.id),
      trx
    ).first()
    if (existing) return existing
    const issuedAt = DateTime.utc()
    const year = issuedAt.year
    await trx
      .knexQuery()
      .table('credit_note_counters')
      .insert({ year, last_number: 0 })
      .onConflict('year')
      .ignore()
    const counter = await forUpdate(
      trx.from('credit_note_counters').where('year', year),
      trx
    ).firstOrFail()
    const sequence = Number(counter.last_number) + 1
    await trx.from('credit_note_counters').where('year', year).update({ last_number: sequence })
    const number = numberOf(year, sequence)
    await trx.table('credit_notes').insert({
      number,
      refund_id: refund.id,
      migration_id: refund.migration_id,
      amount_cents: refund.amount_cents,
      currency: refund.currency,
      language,
      file_name: `credit-note-${number}.pdf`,
      issued_at: issuedAt.toJSDate(),
    })
    return trx.from('credit_notes').where('refund_id', refund.id).firstOrFail()
  })
}

/** When the money went back: the provider's date, else the note's. */
export function refundedOn(refund: Refund, note: CreditNoteRow) {
  return DateTime.fromJSDate(new Date(refund.refunded_at ?? note.issued_at))
}

/** The credit note as a one-page PDF in the member's language (what pdftotext reads in the tests). */
export async function creditNotePdf(
  note: CreditNoteRow,
  refund: Refund,
  migration: Migration,
  language: Language
): Promise<Buffer> {
  const i18n = translator(language)
  const label = (key: string) => i18n.t(`receipts.credit_note.labels.${key}`)
  const branding = await getBranding(language)
  const date = await dateFormatter()
  const amount =
    language === 'en'
      ? formatMoney(note.amount_cents, note.currency)
      : formatAmount(note.amount_cents, note.currency, language)
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: i18n.t('receipts.credit_note.meta_title', { number: note.number }),
      Author: branding.brandName,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.font('Helvetica-Bold').fontSize(20).fillColor(branding.primaryColor).text(branding.brandName)
  doc
    .moveDown(0.5)
    .fontSize(16)
    .fillColor('#1f2937')
    .text(i18n.t('receipts.credit_note.title', { number: note.number }))
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(11)
    .text(i18n.t('receipts.credit_note.refund_of', { reference: migration.migration_reference }))
  doc.moveDown(1)
  const rows: Array<[string, string]> = [
    [label('number'), note.number],
    [
      label('payee'),
      i18n.t('receipts.payer', {
        name: migration.insured_full_name,
        memberId: migration.member_id_str,
      }),
    ],
    [label('coverage'), migration.migration_reference],
    [label('amount'), amount],
    [label('currency'), note.currency],
    [label('refunded_on'), date(refundedOn(refund, note))],
    [label('original_payment'), refund.provider_payment_id ?? '–'],
    [label('provider_refund'), refund.provider_refund_id ?? '–'],
  ]
  for (const [name, value] of rows) {
    const y = doc.y
    doc.font('Helvetica-Bold').fontSize(11).text(`${name}:`, 56, y, { width: 150 })
    doc.font('Helvetica').text(value, 210, y, { width: 330 })
    doc.moveDown(0.4)
  }
  doc
    .moveDown(1)
    .font('Helvetica-Oblique')
    .fontSize(9)
    .fillColor('#6b7280')
    .text(i18n.t('receipts.credit_note.note'), 56)
  doc.end()
  return done
}

/** Where a note's PDF is kept (the job writes it there before the email goes). */
export const creditNotePath = (note: { migration_id: number; file_name: string }) =>
  `credit_notes/${note.migration_id}/${note.file_name}`

/** A migration's credit notes, oldest first, as the migration detail lists them. */
export async function creditNotesOf(migrationId: number) {
  const rows: CreditNoteRow[] = await db
    .from('credit_notes')
    .where('migration_id', migrationId)
    .orderBy('id')
  return rows.map((row) => ({
    id: Number(row.id),
    number: row.number,
    refundId: Number(row.refund_id),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    language: row.language,
    issuedAt: DateTime.fromJSDate(new Date(row.issued_at)).toUTC().toISO()!,
  }))
}

/**
 * One credit note's PDF as it was emailed, or 404. `ofMigrations`: only a note of these migrations
 * (a member's own: another's is a 404 whether it exists or not).
 */
export async function creditNoteFile(id: number, ofMigrations?: ModelQuery) {
  const query = db.from('credit_notes').where('id', id)
  if (ofMigrations) query.whereIn('migration_id', ofMigrations)
  const row: CreditNoteRow | null = await query.first()
  const content = row ? await readFile(storagePath(creditNotePath(row))).catch(() => null) : null
  if (!row || !content) throw new ApiError('Credit note not found', 404)
  return { fileName: row.file_name, content }
}
