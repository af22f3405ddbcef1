import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import ExcelJS from 'exceljs'

const HEADERS = [
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
const PRODUCTS = ['Global Health Gold', 'Global Health Silver', 'Expat Care Plus', 'Legacy Basic']

/** Families of a principal and a spouse: `rows` census lines, deterministic. */
export function* censusRows(rows: number): Generator<string[]> {
  for (let i = 0; i < rows; i++) {
    const family = Math.floor(i / 2)
    const principal = i % 2 === 0
    const day = String((family % 28) + 1).padStart(2, '0')
    const month = String((family % 12) + 1).padStart(2, '0')
    const year = 1950 + (family % 50)
    yield [
      `B-${family}-${principal ? 'P' : 'S'}`,
      `${principal ? 'Principal' : 'Spouse'} ${family}`,
      `${day}.${month}.${year}`,
      principal ? 'Principal' : 'Spouse',
      'Switzerland',
      principal ? '' : `Principal ${family}`,
      principal ? '' : `BP-${family}`,
      principal ? `BP-${family}` : `BS-${family}`,
      PRODUCTS[family % PRODUCTS.length],
      principal ? `member${family}@example.test` : '',
      'Gold',
      (1000 + (family % 900)).toFixed(2),
      'USD',
    ]
  }
}

/** `rows` principals only (each a family of one): every row gets a secure link (bench/tokens.ts). */
export function* principalCensusRows(rows: number): Generator<string[]> {
  for (const row of censusRows(rows * 2)) if (row[3] === 'Principal') yield row
}

export async function writeCensusCsv(path: string, rows: number, rowsOf = censusRows) {
  const out = createWriteStream(path)
  out.write(HEADERS.join(',') + '\n')
  for (const row of rowsOf(rows)) if (!out.write(row.join(',') + '\n')) await once(out, 'drain')
  out.end()
  await once(out, 'finish')
}

export async function writeCensusXlsx(path: string, rows: number) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    useStyles: false,
  })
  const sheet = workbook.addWorksheet('Census')
  sheet.addRow(HEADERS).commit()
  for (const row of censusRows(rows)) sheet.addRow(row).commit()
  sheet.commit()
  await workbook.commit()
}

/** The census rows as LOAD DATA reads them (the benchmarks' baseline): tab-separated, dates as YYYY-MM-DD. */
export async function writeCensusTsv(path: string, rows: number) {
  const out = createWriteStream(path)
  for (const row of censusRows(rows)) {
    const [day, month, year] = row[2].split('.')
    if (!out.write([row[0], row[1], `${year}-${month}-${day}`, ...row.slice(3)].join('\t') + '\n'))
      await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}
