import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { parse } from 'fast-csv'
import ExcelJS from 'exceljs'
import { ApiError } from '#modules/shared/index'
import type { Cell } from './values.js'

/** One line of the census: its row number as a spreadsheet shows it (header = 1) and its cells. */
export interface CensusLine {
  row: number
  cells: Cell[]
}

export type CensusKind = 'csv' | 'xlsx'

export const UNREADABLE_XLS = 'This XLS file is in the old Excel 97-2003 format. Please save it as XLSX or CSV and try again.'

/**
 * Decides how to read a file from its first bytes, not from its name: an
 * .xls is often an XLSX or a CSV in disguise. The binary Excel 97-2003
 * format has no streaming reader in our stack and is refused clearly.
 */
export async function detectKind(path: string): Promise<CensusKind> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head[0] === 0x50 && head[1] === 0x4b) return 'xlsx'
    if (bytesRead >= 4 && head.readUInt32BE(0) === 0xd0cf11e0) throw new ApiError(UNREADABLE_XLS, 422)
    return 'csv'
  } finally {
    await handle.close()
  }
}

/** Comma or semicolon, whichever the header line uses more (quoted parts ignored). */
async function detectDelimiter(path: string): Promise<',' | ';'> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0)
    const firstLine = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0].replace(/"[^"]*"/g, '')
    const count = (char: string) => firstLine.split(char).length - 1
    return count(';') > count(',') ? ';' : ','
  } finally {
    await handle.close()
  }
}

/**
 * Lines are handed over in batches: one await per batch instead of one
 * per line keeps the reading loop as cheap as the parser's own.
 */
export const LINES_PER_BATCH = 100

async function* readCsv(path: string): AsyncGenerator<CensusLine[]> {
  const delimiter = await detectDelimiter(path)
  const parser = createReadStream(path).pipe(parse({ delimiter, trim: true, strictColumnHandling: false, discardUnmappedColumns: false }))
  let row = 0
  let batch: CensusLine[] = []
  for await (const cells of parser as AsyncIterable<string[]>) {
    batch.push({ row: ++row, cells })
    if (batch.length === LINES_PER_BATCH) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

/**
 * The first worksheet, row by row, with exceljs's streaming reader. Shared
 * strings must be cached to be read at all (cells only hold their index);
 * files written without them (inline strings) cache nothing.
 */
async function* readXlsx(path: string): AsyncGenerator<CensusLine[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  })
  for await (const worksheet of workbook) {
    let batch: CensusLine[] = []
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[]
      // exceljs rows are 1-based sparse arrays.
      batch.push({ row: row.number, cells: values.slice(1).map(plainCell) })
      if (batch.length === LINES_PER_BATCH) {
        yield batch
        batch = []
      }
    }
    if (batch.length > 0) yield batch
    return
  }
}

function plainCell(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value
  if (typeof value === 'boolean') return String(value)
  const rich = value as { richText?: { text: string }[]; result?: unknown; text?: string }
  if (rich.richText) return rich.richText.map((part) => part.text).join('')
  if ('result' in rich) return plainCell(rich.result)
  if (typeof rich.text === 'string') return rich.text
  return String(value)
}

/** Streams the lines of a census file in small batches; nothing else of the file is held in memory. */
export async function readCensus(path: string): Promise<{ kind: CensusKind; batches: AsyncGenerator<CensusLine[]> }> {
  const kind = await detectKind(path)
  return { kind, batches: kind === 'xlsx' ? readXlsx(path) : readCsv(path) }
}
