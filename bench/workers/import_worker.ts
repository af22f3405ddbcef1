/*
| One run of one format of the import benchmark, in its own process so that
| its peak memory is its own: `import_worker.ts <csv|xlsx> <file> <tsv>`.
| Prints one JSON line of measurements.
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

/** A connection of its own for LOAD DATA and for emptying the table between runs. */
async function connect() {
  return mysql.createConnection({
    host: process.env.DB_HOST, user: process.env.DB_USER, password: process.env.DB_PASSWORD, database: process.env.DB_DATABASE,
    flags: ['+LOCAL_FILES'], infileStreamFactory: (path: string) => createReadStream(path),
  } as any)
}

/** MariaDB's own bulk path for the same rows into the same table. */
async function loadDataInfile() {
  const connection = await connect()
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

/**
 * An empty members table for each measured load, the same for LOAD DATA and
 * the import: TRUNCATE (a fresh table) rather than DELETE, whose background
 * purge of 100,000 deleted rows would slow whichever ran next.
 */
async function truncateMembers() {
  const connection = await connect()
  try {
    await connection.query('SET FOREIGN_KEY_CHECKS = 0')
    await connection.query('TRUNCATE TABLE members')
    await connection.query('TRUNCATE TABLE products')
  } finally {
    await connection.end()
  }
}

await withApp(async () => {
  const bootRssMb = Math.round(process.memoryUsage().rss / 1048576)
  const db = (await import('@adonisjs/lucid/services/db')).default
  const { previewCensus, previewAnswer, importPreview, cleanDatabase } = await import('#modules/imports/index')
  /** What POST /api/admin/data/preview does: read and check the file, then produce the whole JSON answer. */
  const previewWithAnswer = async () => {
    const preview = await previewCensus(file, `bench.${format}`, 'bench')
    let bytes = 0
    for await (const chunk of previewAnswer(preview)) bytes += chunk.length
    return { cacheKey: preview.cacheKey, bytes }
  }
  // The demo data references members; it goes the way the Import Data screen would remove it.
  await cleanDatabase('DELETE ALL DATA', 'bench')
  await truncateMembers()
  const parse = await timed(bareParse)
  const preview = await timed(previewWithAnswer)
  const loadData = await timed(loadDataInfile)
  await truncateMembers()
  const firstImport = await timed(() => importPreview(preview.value.cacheKey, 'bench', 'bench'))
  const checksumBefore = await db.rawQuery('CHECKSUM TABLE members')
  const secondPreview = await previewWithAnswer()
  const reImport = await timed(() => importPreview(secondPreview.cacheKey, 'bench', 'bench'))
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
      answerMb: Math.round(preview.value.bytes / 1048576),
      imported: firstImport.value.membersImported,
      reImported: reImport.value.membersImported + reImport.value.membersUpdated,
      unchangedOnReImport: JSON.stringify(checksumBefore[0]) === JSON.stringify(checksumAfter[0]),
      members,
      bootRssMb,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    })
  )
})
process.exit(0)
