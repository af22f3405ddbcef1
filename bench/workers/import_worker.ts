/*
| One format of the import benchmark, in its own process so that its peak
| memory is its own: `import_worker.ts <csv|xlsx> <file> <tsv>`.
*/
import { createReadStream } from 'node:fs'
import { parse } from 'fast-csv'
import ExcelJS from 'exceljs'
import mysql from 'mysql2/promise'
import { withApp } from '#cli/app'

const [format, file, tsv] = process.argv.slice(2)

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await work()
  return { ms: Math.round(performance.now() - start), value }
}

/** The same library, the same file, nothing but counting rows. */
async function bareParse() {
  let rows = 0
  if (format === 'csv') {
    for await (const _row of createReadStream(file).pipe(parse({ delimiter: ',', trim: true }))) rows++
  } else {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' })
    for await (const sheet of reader) {
      for await (const _row of sheet as AsyncIterable<unknown>) rows++
      break
    }
  }
  return rows
}

/** MariaDB's own bulk path for the same rows into the same table. */
async function loadDataInfile() {
  const connection = await mysql.createConnection({
    host: process.env.DB_HOST, user: process.env.DB_USER, password: process.env.DB_PASSWORD, database: process.env.DB_DATABASE,
    flags: ['+LOCAL_FILES'], infileStreamFactory: (path: string) => createReadStream(path),
  } as any)
  try {
    await connection.query(
      `LOAD DATA LOCAL INFILE ? INTO TABLE members FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n'
       (member_id, insured_full_name, date_of_birth, insured_role, residence_country, @principal_name, @principal_person_id, person_id, product_name, @email, plan_name, final_premium, premium_currency)
       SET principal_name = NULLIF(@principal_name, ''), principal_person_id = NULLIF(@principal_person_id, ''), email = NULLIF(@email, ''),
           original_email = NULLIF(@email, ''), status = 'Active', created_at = NOW(), updated_at = NOW()`,
      [tsv]
    )
  } finally {
    await connection.end()
  }
}

await withApp(async () => {
  const db = (await import('@adonisjs/lucid/services/db')).default
  const { previewCensus, importPreview, cleanDatabase } = await import('#modules/imports/index')
  const emptyMembers = async () => {
    await cleanDatabase('DELETE ALL DATA')
    await db.from('products').delete()
  }
  await emptyMembers()
  const parse = await timed(bareParse)
  const preview = await timed(() => previewCensus(file, `bench.${format}`, 'bench'))
  const loadData = await timed(loadDataInfile)
  await emptyMembers()
  const firstImport = await timed(() => importPreview(preview.value.cacheKey, 'bench'))
  const checksumBefore = await db.rawQuery('CHECKSUM TABLE members')
  const secondPreview = await previewCensus(file, `bench.${format}`, 'bench')
  const reImport = await timed(() => importPreview(secondPreview.cacheKey, 'bench'))
  const checksumAfter = await db.rawQuery('CHECKSUM TABLE members')
  const members = Number((await db.from('members').count('* as n').first()).n)
  console.log(
    JSON.stringify({
      format,
      rows: parse.value - 1,
      parseMs: parse.ms,
      previewMs: preview.ms,
      loadDataMs: loadData.ms,
      importMs: firstImport.ms,
      reImportMs: reImport.ms,
      imported: firstImport.value.membersImported,
      reImported: reImport.value.membersImported + reImport.value.membersUpdated,
      unchangedOnReImport: JSON.stringify(checksumBefore[0]) === JSON.stringify(checksumAfter[0]),
      members,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    })
  )
})
process.exit(0)
