import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream'
import { open } from 'node:fs/promises'
import type ExcelJS from 'exceljs'
import { CsvRecordGuard } from './csv_guard.js'
import type { Cell } from './values.js'

/*
| The census file's lines, parsed with the streaming readers. Imports
| nothing of the application: this runs in the census reading thread
| (reader_thread.ts) as well as in tests.
*/

/** One line of the census: its row number as a spreadsheet shows it (header = 1) and its cells. */
export interface CensusLine {
  row: number
  cells: Cell[]
}

export type CensusKind = 'csv' | 'xlsx'

/**
 * Lines are handed over in batches: one await (or one message between
 * threads) per batch instead of one per line.
 */
export const LINES_PER_BATCH = 100

/** Comma or semicolon, whichever the header line uses more (quoted parts ignored). */
async function detectDelimiter(path: string): Promise<',' | ';'> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0)
    const firstLine = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .split(/\r?\n/)[0]
      .replace(/"[^"]*"/g, '')
    const count = (char: string) => firstLine.split(char).length - 1
    return count(';') > count(',') ? ';' : ','
  } finally {
    await handle.close()
  }
}

async function* readCsv(path: string): AsyncGenerator<CensusLine[]> {
  const delimiter = await detectDelimiter(path)
  // Loaded on first use: the reading thread of a CSV loads no exceljs.
  const { parse } = await import('fast-csv')
  const parser = parse({
    delimiter,
    trim: true,
    strictColumnHandling: false,
    discardUnmappedColumns: false,
  })
  // The guard stops the reading at the first record over the length limit (fast-csv has none); the
  // pipeline hands its error to the parser (so to the loop below) and closes the file.
  pipeline(createReadStream(path), new CsvRecordGuard(), parser, () => undefined)
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
 * files written without them (inline strings) cache nothing. The archive
 * is checked against the unpacking budget first (xlsx_guard.ts).
 */
async function* readXlsx(path: string): AsyncGenerator<CensusLine[]> {
  // Loaded on first use, like exceljs: unzipper (and its bluebird) cost each CSV reading thread ~0.1 s to load.
  const { checkXlsxBudget } = await import('./xlsx_guard.js')
  await checkXlsxBudget(path)
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.stream.xlsx.WorkbookReader(path, {
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

/** The lines of a census file of a known kind, in small batches; nothing else of the file is held in memory. */
export function lineBatches(path: string, kind: CensusKind): AsyncGenerator<CensusLine[]> {
  return kind === 'xlsx' ? readXlsx(path) : readCsv(path)
}
