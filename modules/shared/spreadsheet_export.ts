import { PassThrough, type Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import ExcelJS from 'exceljs'
import { format as csvFormat } from 'fast-csv'
import { neutralise } from '../../shared_data/spreadsheet_cells.js'

/**
 * The back-office's list exports (docs/backoffice.md "Exports of every list"): a list's rows as
 * CSV (fast-csv) or XLSX (ExcelJS's streaming WorkbookWriter), written to the answer a batch at a
 * time. Memory stays flat: a batch is read only when the answer has taken the one before (the
 * stream's backpressure), and between two batches the event loop gets its turn, so the process
 * keeps answering (/health/live) while an export of 100,000 rows runs.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** Rows read and written at a time. */
const EXPORT_BATCH = 1000

type CellValue = string | number | boolean | null | undefined

export interface ExportColumn<Row> {
  header: string
  value: (row: Row) => CellValue
}

/** Columns named after the row's fields (the Finance lists' exports, as their API names them). */
export function fieldColumns<Row>(fields: readonly (keyof Row & string)[]): ExportColumn<Row>[] {
  return fields.map((field) => ({
    header: field,
    value: (row) => row[field] as unknown as CellValue,
  }))
}

/**
 * Where a list's rows come from, built on the list's own query (its filters and order, one source):
 * the ids of every matching row in the list's order (8 bytes a row), then the rows of EXPORT_BATCH
 * of those ids at a time, as the list presents them (in any order).
 */
export interface ExportSource<Row> {
  ids(): Promise<number[]>
  rows(ids: number[]): Promise<Row[]>
  idOf(row: Row): number
}

/** The rows of `ids` (the source's, in the list's order), EXPORT_BATCH at a time. */
export async function* exportBatches<Row>(
  ids: number[],
  source: ExportSource<Row>
): AsyncGenerator<Row[]> {
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const batch = ids.slice(start, start + EXPORT_BATCH)
    const byId = new Map((await source.rows(batch)).map((row) => [source.idOf(row), row]))
    // A row deleted since the ids were read is left out.
    yield batch.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
  }
}

/**
 * A cell as written: numbers stay numbers (they cannot start a formula), text is neutralised
 * (= + - @ tab CR get a leading apostrophe, shared_data/spreadsheet_cells.ts), empty is empty.
 */
function exportCell(value: CellValue): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? value : ''
  return neutralise(String(value))
}

interface SheetWriter {
  /** Writes one batch; resolves when the answer can take the next. */
  rows(rows: (string | number)[][]): Promise<void>
  end(): Promise<void>
}

/** Until `stream` has taken what it holds, or the answer is gone (then nothing will drain). */
function drained(stream: { writableNeedDrain: boolean } & NodeJS.EventEmitter, out: PassThrough) {
  if (!stream.writableNeedDrain || out.destroyed) return
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done)
      out.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    out.on('close', done)
  })
}

/** RFC 4180 (CRLF, quotes doubled), UTF-8 with a BOM so spreadsheet programs read names right. */
function csvWriter(out: PassThrough, headers: string[]): SheetWriter {
  const csv = csvFormat({ headers, writeBOM: true, rowDelimiter: '\r\n', alwaysWriteHeaders: true })
  csv.pipe(out)
  out.on('close', () => csv.destroy())
  return {
    async rows(rows) {
      for (const row of rows) csv.write(row)
      await drained(csv, out)
      await drained(out, out)
    },
    async end() {
      csv.end()
    },
  }
}

/** Every cell a string or a number (no formulas, no dates); each row committed as it is written. */
function xlsxWriter(out: PassThrough, headers: string[], sheetName: string): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(sheetName)
  sheet.columns = headers.map((header) => ({ header, key: header, width: 20 }))
  return {
    async rows(rows) {
      for (const row of rows) sheet.addRow(row).commit()
      await drained(out, out)
    },
    async end() {
      sheet.commit()
      await workbook.commit()
    },
  }
}

interface SpreadsheetExport<Row> {
  format: ExportFormat
  sheetName: string
  columns: ExportColumn<Row>[]
  batches: AsyncIterable<Row[]>
  /**
   * Called once with the rows written: before the file's last bytes when every row was written
   * (complete), or when the download stopped early (the client went away, a read failed).
   */
  finished(rows: number, complete: boolean): Promise<void>
}

/** The export as a stream for `response.stream`. */
export function spreadsheetStream<Row>(spec: SpreadsheetExport<Row>): Readable {
  const out = new PassThrough()
  const headers = spec.columns.map((column) => column.header)
  const writer =
    spec.format === 'csv' ? csvWriter(out, headers) : xlsxWriter(out, headers, spec.sheetName)
  let written = 0
  let reported = false
  const report = async (complete: boolean) => {
    if (reported) return
    reported = true
    await spec.finished(written, complete)
  }
  ;(async () => {
    for await (const rows of spec.batches) {
      if (out.destroyed) break
      await writer.rows(
        rows.map((row) => spec.columns.map((column) => exportCell(column.value(row))))
      )
      written += rows.length
      // The event loop's turn (a timer, so sockets are polled too) before the next batch's query.
      await sleep(1)
    }
    if (out.destroyed) return report(false)
    await report(true)
    await writer.end()
  })().catch(async (error) => {
    out.destroy(error)
    await report(false).catch(() => {})
  })
  out.on('close', () => {
    if (!reported && out.destroyed && !out.writableFinished) report(false).catch(() => {})
  })
  return out
}
