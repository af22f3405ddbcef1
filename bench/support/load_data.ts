import { execFile } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { promisify } from 'node:util'
import mysql from 'mysql2/promise'

const execFileAsync = promisify(execFile)

/*
| The census benchmarks' baseline: MariaDB's own bulk path (LOAD DATA LOCAL
| INFILE) for the same rows into the same members table, on a connection of
| the benchmark's own (DB_* from the environment).
*/

/** The benchmarks' MariaDB settings (BENCH_DATABASE, default portal_bench), also set on this process for its own connections. */
export function benchEnv(out: string): NodeJS.ProcessEnv {
  const e = {
    ...process.env,
    NODE_ENV: 'test',
    DB_CONNECTION: 'mysql',
    DB_HOST: process.env.DB_HOST ?? '127.0.0.1',
    DB_USER: process.env.DB_USER ?? 'portal',
    DB_PASSWORD: process.env.DB_PASSWORD ?? 'portal',
    DB_DATABASE: process.env.BENCH_DATABASE ?? 'portal_bench',
    LOG_LEVEL: 'error',
    IMPORT_CACHE_DIR: `${out}/cache`,
  }
  Object.assign(process.env, {
    DB_HOST: e.DB_HOST,
    DB_USER: e.DB_USER,
    DB_PASSWORD: e.DB_PASSWORD,
    DB_DATABASE: e.DB_DATABASE,
  })
  return e
}

/**
 * The database, created when missing, with a fresh schema. Lucid's migration
 * lock is a server-wide named lock on MariaDB, so another project's
 * migrations on the same server can make its release fail ("unable to
 * release database lock"): tried again then.
 */
export async function freshBenchDatabase(e: NodeJS.ProcessEnv) {
  await execFileAsync('mysql', [
    `-u${e.DB_USER}`,
    `-p${e.DB_PASSWORD}`,
    `-h${e.DB_HOST}`,
    '-e',
    `CREATE DATABASE IF NOT EXISTS ${e.DB_DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  ])
  for (let attempt = 1; ; attempt++) {
    try {
      return await execFileAsync(
        process.execPath,
        ['--no-warnings', 'ace.js', 'migration:fresh', '--force'],
        { env: e }
      )
    } catch (error) {
      if (attempt === 3) throw error
      await new Promise((resolve) => setTimeout(resolve, 2_000))
    }
  }
}

async function connect() {
  return mysql.createConnection({
    host: process.env.DB_HOST,
    user: process.env.DB_USER,
    password: process.env.DB_PASSWORD,
    database: process.env.DB_DATABASE,
    flags: ['+LOCAL_FILES'],
    infileStreamFactory: (path: string) => createReadStream(path),
  } as any)
}

/** The census rows of a TSV (census_generator's writeCensusTsv) into members (no family links, no validation). */
export async function loadDataInfile(tsv: string, table = 'members') {
  const connection = await connect()
  try {
    await connection.query(
      `LOAD DATA LOCAL INFILE ? INTO TABLE ${table} FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n'
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
export async function truncateMembers() {
  const connection = await connect()
  try {
    await connection.query('SET FOREIGN_KEY_CHECKS = 0')
    await connection.query('TRUNCATE TABLE members')
    await connection.query('TRUNCATE TABLE products')
  } finally {
    await connection.end()
  }
}

/**
 * The import rows' baseline: LOAD DATA LOCAL INFILE of the TSV into an empty copy
 * of members (CREATE TABLE … LIKE: the same columns and indexes, no foreign keys), created before
 * and dropped after the timing. Answers the milliseconds of the LOAD DATA alone.
 */
export async function loadDataIntoEmptyCopy(tsv: string): Promise<number> {
  const connection = await connect()
  try {
    await connection.query('DROP TABLE IF EXISTS bench_members_copy')
    await connection.query('CREATE TABLE bench_members_copy LIKE members')
  } finally {
    await connection.end()
  }
  const start = performance.now()
  await loadDataInfile(tsv, 'bench_members_copy')
  const ms = Math.round(performance.now() - start)
  const cleanup = await connect()
  try {
    await cleanup.query('DROP TABLE bench_members_copy')
  } finally {
    await cleanup.end()
  }
  return ms
}
