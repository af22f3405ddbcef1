import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { testTmpPath } from './test_paths.js'

/** The census header row of decisions.md §8. */
const CENSUS_HEADERS = [
  'Member ID',
  'Name',
  'Date of Birth',
  'Role',
  'Residence Country',
  'Principal Name',
  'Principal Person ID',
  'Person ID',
  'Product',
  'Email',
  'Plan',
  'Final Premium',
  'Premium Currency',
]

export type CensusRow = (string | number | Date)[]

/** A small family census: a principal, a spouse and a child of a new product. */
export function familyRows(prefix: string, product = `${prefix} Care Plus`): CensusRow[] {
  return [
    [
      `${prefix}-01`,
      `${prefix} Principal`,
      '14.02.1979',
      'Principal',
      'Switzerland',
      '',
      '',
      `${prefix}-P1`,
      product,
      `${prefix.toLowerCase()}@example.test`,
      'Gold',
      '2450.00',
      'USD',
    ],
    [
      `${prefix}-02`,
      `${prefix} Spouse`,
      '1977-09-03',
      'Spouse',
      'Switzerland',
      `${prefix} Principal`,
      `${prefix}-P1`,
      `${prefix}-P2`,
      product,
      '',
      'Gold',
      '2310.00',
      'USD',
    ],
    [
      `${prefix}-03`,
      `${prefix} Child`,
      '21.06.2012',
      'child',
      'Switzerland',
      `${prefix} Principal`,
      `${prefix}-P1`,
      `${prefix}-P3`,
      product,
      '',
      'Gold',
      '780.00',
      'USD',
    ],
  ]
}

function csvCell(value: string | number | Date) {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value)
  return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function censusCsv(
  rows: CensusRow[],
  options: { delimiter?: ',' | ';'; bom?: boolean; headers?: string[] } = {}
) {
  const delimiter = options.delimiter ?? ','
  const lines = [options.headers ?? CENSUS_HEADERS, ...rows].map((row) =>
    row.map(csvCell).join(delimiter)
  )
  return (options.bom ? '\uFEFF' : '') + lines.join('\r\n') + '\r\n'
}

export async function censusXlsx(rows: CensusRow[], headers = CENSUS_HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Census')
  sheet.addRow(headers)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** Writes a generated file under tmp/ for tests that need a path (uploads, CLI). */
export async function writeTmpFile(name: string, content: string | Buffer) {
  const dir = join(process.cwd(), testTmpPath('census-fixtures'))
  await mkdir(dir, { recursive: true })
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}
