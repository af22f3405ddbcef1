import ExcelJS from 'exceljs'
import { ApiRequest, type ApiClient } from '@japa/api-client'
import { parseString } from 'fast-csv'
import db from '@adonisjs/lucid/services/db'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The XLSX answer's bytes as they came (the client would otherwise decode them as text). */
const keepBytes: Parameters<typeof ApiRequest.addParser>[1] = (response, done) => {
  const stream = response as unknown as NodeJS.ReadableStream
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  stream.on('end', () => done(null, Buffer.concat(chunks)))
}

/** For `group.setup`: XLSX answers read as bytes while the group runs. */
export function readXlsxAsBytes() {
  ApiRequest.addParser(XLSX_TYPE, keepBytes)
  return () => ApiRequest.removeParser(XLSX_TYPE)
}

/** A CSV export's rows, header first (the BOM spreadsheet programs need is checked and dropped). */
export function csvTable(text: string): Promise<string[][]> {
  if (!text.startsWith('\ufeff')) throw new Error('The CSV export has no UTF-8 BOM')
  return new Promise((resolve, reject) => {
    const rows: string[][] = []
    parseString(text.slice(1), { headers: false })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows))
  })
}

/** An XLSX export's first sheet, header first, each cell as text (numbers as they would print). */
async function xlsxTable(bytes: Buffer): Promise<{ rows: string[][]; types: number[][] }> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  const rows: string[][] = []
  const types: number[][] = []
  const width = sheet.getRow(1).cellCount
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells = Array.from({ length: width }, (_, i) => row.getCell(i + 1))
    rows.push(cells.map((cell) => (cell.value === null ? '' : String(cell.value))))
    types.push(cells.map((cell) => cell.type))
  })
  return { rows, types }
}

/**
 * Both files of an export (CSV and XLSX) for the same query, read back; asserts they hold the same
 * rows and that the answer said how many (X-Export-Rows).
 */
export async function exportBoth(
  client: ApiClient,
  admin: unknown,
  path: string,
  qs: Record<string, string>
) {
  const csv = await client
    .get(path)
    .qs({ ...qs, format: 'csv' })
    .asAdmin(admin)
  csv.assertStatus(200)
  const xlsx = await client
    .get(path)
    .qs({ ...qs, format: 'xlsx' })
    .asAdmin(admin)
  xlsx.assertStatus(200)
  const csvRows = await csvTable(csv.text())
  const sheet = await xlsxTable(xlsx.body())
  if (JSON.stringify(csvRows) !== JSON.stringify(sheet.rows))
    throw new Error(
      `CSV and XLSX differ:\n${JSON.stringify(csvRows)}\n${JSON.stringify(sheet.rows)}`
    )
  if (Number(csv.header('x-export-rows')) !== csvRows.length - 1)
    throw new Error(`X-Export-Rows ${csv.header('x-export-rows')}, rows ${csvRows.length - 1}`)
  const [header, ...rows] = csvRows
  const column = (name: string) => {
    const index = header.indexOf(name)
    if (index < 0) throw new Error(`No column ${name} in ${header.join(', ')}`)
    return rows.map((row) => row[index])
  }
  return {
    csv,
    xlsx,
    header,
    rows,
    column,
    types: sheet.types.slice(1),
    disposition: csv.header('content-disposition'),
  }
}

/** The list.export entries of the audit trail after `afterId`, oldest first, `after` parsed. */
export async function exportAudits(afterId: number) {
  const rows = await db
    .from('audit_entries')
    .where('id', '>', afterId)
    .where('action', 'list.export')
    .orderBy('id')
  return rows.map((row) => ({
    actor: row.actor as string,
    entityId: row.entity_id as string,
    after: typeof row.after === 'string' ? JSON.parse(row.after) : row.after,
  }))
}

export async function lastAuditId() {
  return Number((await db.from('audit_entries').max('id as id').first())?.id ?? 0)
}
