/*
| Secure links for everyone at the import's pace: `npm run cli -- tokens generate
| --all --output …` for BENCH_TOKEN_ROWS (default 100,000) principals, against `npm run cli --
| import` of those same members measured in the same run, just before, on both databases
| (MariaDB: BENCH_DATABASE; SQLite: a file of its own under bench/out). Both commands run
| compiled (build/), each a process of its own (boot included in both). Target: the links take
| at most 1.5× the import.
*/
import { execFile } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'
import { principalCensusRows, writeCensusCsv } from './census_generator.js'
import { benchEnv } from './support/load_data.js'
import { printRows, type BenchRow } from './support/report.js'

const execFileAsync = promisify(execFile)
const ROWS = Number(process.env.BENCH_TOKEN_ROWS ?? 100_000)
const OUT = 'bench/out'

async function timed(env: NodeJS.ProcessEnv, args: string[]) {
  const start = performance.now()
  const result = await execFileAsync(process.execPath, ['build/cli/index.js', ...args], {
    env,
    maxBuffer: 1 << 26,
  })
  return { ms: Math.round(performance.now() - start), ...result }
}

async function measure(name: string, env: NodeJS.ProcessEnv): Promise<BenchRow> {
  const loadBefore = loadavg()[0].toFixed(1)
  await execFileAsync(process.execPath, ['--no-warnings', 'ace.js', 'migration:fresh', '--force'], {
    env,
  })
  const imported = await timed(env, ['import', `${OUT}/census-tokens.csv`])
  if (!imported.stdout.includes(`Members imported: ${ROWS}`))
    throw new Error(`${name}: the import did not add ${ROWS}: ${imported.stdout.slice(-400)}`)
  const links = `${OUT}/links-${name}.csv`
  const issued = await timed(env, ['tokens', 'generate', '--all', '--output', links])
  const lines = (await readFile(links, 'utf8')).trim().split('\n').length - 1
  if (lines !== ROWS) throw new Error(`${name}: ${lines} links written, not ${ROWS}`)
  const ratio = issued.ms / imported.ms
  return {
    name: `${name}: links for ${ROWS / 1000}k members (tokens generate --all --output)`,
    figure: `${issued.ms} ms (${Math.round((ROWS / issued.ms) * 1000)} links/s)`,
    baseline: `npm run cli -- import of the same ${ROWS / 1000}k ${imported.ms} ms`,
    ratio,
    target: '≤ ×1.5',
    met: ratio <= 1.5,
    load: `${loadBefore}–${loadavg()[0].toFixed(1)}`,
  }
}

export async function run() {
  await mkdir(OUT, { recursive: true })
  await execFileAsync(process.execPath, ['scripts/build.mjs'])
  await writeCensusCsv(`${OUT}/census-tokens.csv`, ROWS, principalCensusRows)
  const mariadb = benchEnv(OUT)
  await execFileAsync('mysql', [
    `-u${mariadb.DB_USER}`,
    `-p${mariadb.DB_PASSWORD}`,
    `-h${mariadb.DB_HOST}`,
    '-e',
    `CREATE DATABASE IF NOT EXISTS ${mariadb.DB_DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  ])
  const sqlitePath = `${process.cwd()}/${OUT}/tokens.sqlite3`
  for (const suffix of ['', '-wal', '-shm', '.rate-limits'])
    await rm(sqlitePath + suffix, { force: true })
  const sqlite = { ...mariadb, DB_CONNECTION: 'sqlite', SQLITE_PATH: sqlitePath }
  const rows = [await measure('MariaDB', mariadb), await measure('SQLite', sqlite)]
  return printRows(`Secure links for ${ROWS} members against their import`, rows)
}
