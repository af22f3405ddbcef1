/*
| The set-based import's design measured before it was built: the database side of a
| set-based import on MariaDB. The census TSV (as the reading thread would
| stream it through mysql2's infileStreamFactory) is loaded whole into a
| staging table, the database checks run as set queries (Member IDs already
| in members, dependants whose principal is neither in the file nor in
| members, new products), then one INSERT … SELECT … ON DUPLICATE KEY UPDATE
| writes members and one UPDATE … JOIN links the dependants. Every step is
| timed against LOAD DATA LOCAL INFILE of the same file into an empty copy
| of members, in the same run. BENCH_STAGING_ROWS (default 100,000).
| The parse and validation (the preview's reading thread) come on top.
| BENCH_STAGING_JOINED=1: principals, then dependants with their principal
| joined in (design #1b). BENCH_STAGING_DIRECT=1: design #2, no staging table,
| the rows streamed as TSV straight into members, principals first.
*/
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { mkdir } from 'node:fs/promises'
import mysql from 'mysql2/promise'
import { censusRows, writeCensusTsv } from './census_generator.js'
import { benchEnv, freshBenchDatabase, loadDataIntoEmptyCopy } from './support/load_data.js'
import { loadAverage } from './support/bench_server.js'
import { printRows, type BenchRow } from './support/report.js'

const ROWS = Number(process.env.BENCH_STAGING_ROWS ?? 100_000)
const OUT = 'bench/out'
const CENSUS =
  'insured_full_name, date_of_birth, insured_role, residence_country, principal_name, principal_person_id, person_id, product_name, plan_name, final_premium, premium_currency'

const STEPS: [string, string][] = [
  ['drop staging', 'DROP TABLE IF EXISTS bench_import_staging'],
  [
    'create staging',
    // members' own column types and collations: the checks compare as the unique index does.
    `CREATE TABLE bench_import_staging (line_no INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY)
       SELECT member_id, ${CENSUS}, email FROM members WHERE 1 = 0`,
  ],
]

const sql = {
  load: `LOAD DATA LOCAL INFILE ? INTO TABLE bench_import_staging FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n'
    (member_id, insured_full_name, date_of_birth, insured_role, residence_country, @principal_name, @principal_person_id, person_id, product_name, @email, plan_name, final_premium, premium_currency)
    SET principal_name = NULLIF(@principal_name, ''), principal_person_id = NULLIF(@principal_person_id, ''), email = NULLIF(@email, '')`,
  existing: `SELECT COUNT(*) AS n FROM bench_import_staging s JOIN members m ON m.member_id = s.member_id`,
  orphans: `SELECT COUNT(*) AS n FROM bench_import_staging d
    WHERE d.principal_person_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM members p WHERE p.person_id = d.principal_person_id AND p.insured_role = 'Principal')
      AND NOT EXISTS (SELECT 1 FROM bench_import_staging p WHERE p.person_id = d.principal_person_id AND p.insured_role = 'Principal')`,
  products: `INSERT INTO products (product_name, created_at, updated_at)
    SELECT DISTINCT s.product_name, NOW(), NOW() FROM bench_import_staging s
    WHERE s.product_name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.product_name = s.product_name)`,
  upsert: `INSERT INTO members (member_id, ${CENSUS}, email, original_email, status, created_at, updated_at)
    SELECT member_id, ${CENSUS}, email, email, 'Active', NOW(), NOW() FROM bench_import_staging s ORDER BY s.line_no
    ON DUPLICATE KEY UPDATE ${CENSUS.split(', ')
      .map((column) => `${column} = VALUES(${column})`)
      .join(', ')}`,
  /** Design #1b: principals first, then dependants with their principal's id joined in (no second write). */
  principals: `INSERT INTO members (member_id, ${CENSUS}, email, original_email, status, created_at, updated_at)
    SELECT member_id, ${CENSUS}, email, email, 'Active', NOW(), NOW() FROM bench_import_staging s
    WHERE s.insured_role = 'Principal' ORDER BY s.line_no
    ON DUPLICATE KEY UPDATE ${CENSUS.split(', ')
      .map((column) => `${column} = VALUES(${column})`)
      .join(', ')}`,
  dependants: `INSERT INTO members (member_id, ${CENSUS}, principal_id, email, original_email, status, created_at, updated_at)
    SELECT s.member_id, ${CENSUS.split(', ')
      .map((column) => `s.${column}`)
      .join(
        ', '
      )}, (SELECT MIN(p.id) FROM members p WHERE p.person_id = s.principal_person_id AND p.insured_role = 'Principal'),
      s.email, s.email, 'Active', NOW(), NOW() FROM bench_import_staging s
    WHERE s.insured_role <> 'Principal' ORDER BY s.line_no
    ON DUPLICATE KEY UPDATE ${[...CENSUS.split(', '), 'principal_id']
      .map((column) => `${column} = VALUES(${column})`)
      .join(', ')}`,
  link: `UPDATE members d JOIN members p ON p.person_id = d.principal_person_id AND p.insured_role = 'Principal'
    SET d.principal_id = p.id WHERE d.principal_person_id IS NOT NULL AND d.principal_id IS NULL`,
}

export async function run() {
  const e = benchEnv(OUT)
  await mkdir(OUT, { recursive: true })
  if (!process.env.BENCH_REUSE) await freshBenchDatabase(e)
  const tsv = `${OUT}/census-staging.tsv`
  await writeCensusTsv(tsv, ROWS)
  const load = loadAverage()
  const streams = new Map<string, Readable>()
  const connection = await mysql.createConnection({
    host: e.DB_HOST,
    user: e.DB_USER,
    password: e.DB_PASSWORD,
    database: e.DB_DATABASE,
    flags: ['+LOCAL_FILES'],
    infileStreamFactory: (path: string) => streams.get(path) ?? createReadStream(path),
  } as any)
  const timings: Record<string, number> = {}
  const timed = async (name: string, query: string, values: unknown[] = []) => {
    const start = performance.now()
    await connection.query(query, values)
    timings[name] = Math.round(performance.now() - start)
  }
  let baselineMs: number
  try {
    await connection.query('SET FOREIGN_KEY_CHECKS = 0')
    await connection.query('TRUNCATE TABLE members')
    await connection.query('TRUNCATE TABLE products')
    await connection.query('SET FOREIGN_KEY_CHECKS = 1')
    baselineMs = await loadDataIntoEmptyCopy(tsv)
    const direct = Boolean(process.env.BENCH_STAGING_DIRECT)
    if (!direct) for (const [name, query] of STEPS) await timed(name, query)
    await connection.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED')
    await connection.beginTransaction()
    if (!direct) {
      await timed('staging LOAD DATA', sql.load, [tsv])
      await timed('existing members (join)', sql.existing)
      await timed('orphans (anti-join)', sql.orphans)
      await timed('new products (INSERT … SELECT)', sql.products)
    }
    if (direct) {
      // Design #2: no staging table. The valid rows (here generated again, in the import read
      // from the preview cache) streamed as TSV straight into members, principals first; the
      // dependants carry the principal's id, read back once the principals are in.
      const tsvLine = (row: string[], principalId = '') => {
        const [day, month, year] = row[2].split('.')
        return (
          [row[0], row[1], `${year}-${month}-${day}`, ...row.slice(3), principalId].join('\t') +
          '\n'
        )
      }
      const loadStream = (name: string) =>
        `LOAD DATA LOCAL INFILE '${name}' INTO TABLE members FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n'
         (member_id, insured_full_name, date_of_birth, insured_role, residence_country, @principal_name, @principal_person_id, person_id, product_name, @email, plan_name, final_premium, premium_currency, @principal_id)
         SET principal_name = NULLIF(@principal_name, ''), principal_person_id = NULLIF(@principal_person_id, ''), email = NULLIF(@email, ''),
             original_email = NULLIF(@email, ''), principal_id = NULLIF(@principal_id, ''), status = 'Active', created_at = NOW(), updated_at = NOW()`
      // mysql2 sends each chunk as a packet: Buffers of about 64 KB.
      const chunked = (lines: Iterable<string>) =>
        Readable.from(
          (function* () {
            let text = ''
            for (const line of lines) {
              text += line
              if (text.length >= 65_536) {
                yield Buffer.from(text)
                text = ''
              }
            }
            if (text) yield Buffer.from(text)
          })()
        )
      const rowsOf = function* (principals: boolean) {
        for (const row of censusRows(ROWS)) if ((row[3] === 'Principal') === principals) yield row
      }
      streams.set(
        'principals',
        chunked(
          (function* () {
            for (const row of rowsOf(true)) yield tsvLine(row)
          })()
        )
      )
      await timed(
        'principals straight into members (LOAD DATA LOCAL of a stream)',
        loadStream('principals')
      )
      const start = performance.now()
      const [found] = (await connection.query(
        "SELECT id, person_id FROM members WHERE insured_role = 'Principal'"
      )) as any
      const ids = new Map<string, string>(
        found.map((row: any) => [row.person_id.toLowerCase(), String(row.id)])
      )
      timings['principal ids read back'] = Math.round(performance.now() - start)
      streams.set(
        'dependants',
        chunked(
          (function* () {
            for (const row of rowsOf(false)) yield tsvLine(row, ids.get(row[6].toLowerCase()) ?? '')
          })()
        )
      )
      await timed(
        'dependants with their principal id (LOAD DATA LOCAL of a stream)',
        loadStream('dependants')
      )
    } else if (process.env.BENCH_STAGING_JOINED) {
      await timed('principals (INSERT … SELECT … ON DUPLICATE KEY UPDATE)', sql.principals)
      await timed('dependants with principal_id joined in (INSERT … SELECT)', sql.dependants)
    } else {
      await timed('members (INSERT … SELECT … ON DUPLICATE KEY UPDATE)', sql.upsert)
      await timed('family links (UPDATE … JOIN)', sql.link)
    }
    await connection.commit()
    if (!direct) await connection.query('DROP TABLE bench_import_staging')
  } finally {
    await connection.end()
  }
  const total = Object.entries(timings)
    .filter(([name]) => !STEPS.some(([step]) => step === name))
    .reduce((sum, [, ms]) => sum + ms, 0)
  const baseline = `LOAD DATA LOCAL INFILE into an empty copy of members ${baselineMs} ms`
  const design = process.env.BENCH_STAGING_DIRECT
    ? 'design #2'
    : process.env.BENCH_STAGING_JOINED
      ? 'design #1b'
      : 'design #1'
  const rows: BenchRow[] = Object.entries(timings).map(([name, ms]) => ({
    name: `${ROWS / 1000}k, ${design} step: ${name}`,
    figure: `${ms} ms`,
    baseline,
    ratio: ms / baselineMs,
    target: '',
    met: null,
    load,
  }))
  rows.push({
    name: `${ROWS / 1000}k, ${design}: database side in all (without the parse)`,
    figure: `${total} ms`,
    baseline,
    ratio: total / baselineMs,
    target: '',
    met: null,
    load: `${load}–${loadAverage()}`,
  })
  return printRows(`Set-based import's database side, ${ROWS} rows`, rows)
}
