/*
| Secure links, invitations and reminders for everyone at the import's pace, on both databases
| (MariaDB: BENCH_DATABASE; SQLite: a file of its own under bench/out), for BENCH_TOKEN_ROWS
| (default 100,000) principals, each against `npm run cli -- import` of those same members
| measured in the same run, just before, on the same database:
| - `npm run cli -- tokens generate --all --output …`;
| - `npm run cli -- invitations send --all-pending`: a link and an email each (sendLinkBatch, the
|   path the back-office's Send Invitations takes), emails to the outbox (OUTBOX_DIR, no SMTP);
| - `npm run cli -- invitations remind`: every invitation made 8 days old first (one UPDATE), so
|   every member is due a reminder (the same sendLinkBatch, with its reminder slots).
| The schema is fresh and seeded with the reference data (settings, email templates; no demo
| members), as `npm start` leaves it. Every command runs compiled (build/), each a process of its
| own (boot included in all). Target: each at most 1.5× the import.
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

/** A fresh schema with the reference data (the email templates the invitations need), every product enabled. */
async function freshSeededDatabase(env: NodeJS.ProcessEnv) {
  await execFileAsync(process.execPath, ['--no-warnings', 'ace.js', 'migration:fresh', '--force'], {
    env,
  })
  await execFileAsync(process.execPath, ['--no-warnings', 'ace.js', 'db:seed'], {
    env: { ...env, SEED_DEMO: 'false' },
  })
  // The seed's Legacy Basic is disabled, and a quarter of the census is on it: every principal
  // may then get a link, as before the seed.
  await execute(env, 'UPDATE products SET disabled = 0')
}

/** One SQL statement on the bench's database (SQLite: better-sqlite3 in a process of its own, as it ships no types for the build). */
async function execute(env: NodeJS.ProcessEnv, statement: string) {
  if (env.DB_CONNECTION === 'sqlite') {
    const script = `import Database from 'better-sqlite3'
      const database = new Database(process.argv[1])
      database.exec(process.argv[2])
      database.close()`
    await execFileAsync(process.execPath, [
      '--input-type=module',
      '-e',
      script,
      env.SQLITE_PATH!,
      statement,
    ])
    return
  }
  await execFileAsync('mysql', [
    `-u${env.DB_USER}`,
    `-p${env.DB_PASSWORD}`,
    `-h${env.DB_HOST}`,
    env.DB_DATABASE!,
    '-e',
    statement,
  ])
}

/** Every invitation sent `days` earlier: all members are then due their reminder. */
const ageInvitations = (env: NodeJS.ProcessEnv, days: number) =>
  execute(
    env,
    env.DB_CONNECTION === 'sqlite'
      ? `UPDATE email_deliveries SET created_at = datetime(created_at, '-${days} days')`
      : `UPDATE email_deliveries SET created_at = created_at - INTERVAL ${days} DAY`
  )

function expectSent(name: string, what: string, stdout: string) {
  if (!new RegExp(`^Sent: ${ROWS}$`, 'm').test(stdout))
    throw new Error(`${name}: ${what} did not send ${ROWS}: ${stdout.slice(-400)}`)
}

async function measure(name: string, base: NodeJS.ProcessEnv): Promise<BenchRow[]> {
  const outbox = `${process.cwd()}/${OUT}/outbox-${name}`
  await rm(outbox, { recursive: true, force: true })
  const env = { ...base, OUTBOX_DIR: outbox, SMTP_HOST: '' }
  await freshSeededDatabase(env)
  const row = (
    what: string,
    ms: number,
    per: string,
    importMs: number,
    loadBefore: string
  ): BenchRow => {
    const ratio = ms / importMs
    return {
      name: `${name}: ${what} for ${ROWS / 1000}k members`,
      figure: `${ms} ms (${Math.round((ROWS / ms) * 1000)} ${per}/s)`,
      baseline: `npm run cli -- import of the same ${ROWS / 1000}k ${importMs} ms`,
      ratio,
      target: '≤ ×1.5',
      met: ratio <= 1.5,
      load: `${loadBefore}–${loadavg()[0].toFixed(1)}`,
    }
  }
  const load = () => loadavg()[0].toFixed(1)

  const importLoad = load()
  const imported = await timed(env, ['import', `${OUT}/census-tokens.csv`])
  if (!imported.stdout.includes(`Members imported: ${ROWS}`))
    throw new Error(`${name}: the import did not add ${ROWS}: ${imported.stdout.slice(-400)}`)

  const linksLoad = load()
  const links = `${OUT}/links-${name}.csv`
  const issued = await timed(env, ['tokens', 'generate', '--all', '--output', links])
  const lines = (await readFile(links, 'utf8')).trim().split('\n').length - 1
  if (lines !== ROWS) throw new Error(`${name}: ${lines} links written, not ${ROWS}`)

  const invitationsLoad = load()
  const invited = await timed(env, ['invitations', 'send', '--all-pending'])
  expectSent(name, 'invitations send --all-pending', invited.stdout)
  await rm(outbox, { recursive: true, force: true })

  await ageInvitations(env, 8)
  const remindersLoad = load()
  const reminded = await timed(env, ['invitations', 'remind'])
  expectSent(name, 'invitations remind', reminded.stdout)
  await rm(outbox, { recursive: true, force: true })

  console.log(`${name}: import ${imported.ms} ms (load ${importLoad})`)
  const rows = [
    row('links (tokens generate --all --output)', issued.ms, 'links', imported.ms, linksLoad),
    row(
      'invitations (invitations send --all-pending, outbox)',
      invited.ms,
      'emails',
      imported.ms,
      invitationsLoad
    ),
    row(
      'reminders (invitations remind, all due, outbox)',
      reminded.ms,
      'emails',
      imported.ms,
      remindersLoad
    ),
  ]
  // Printed as soon as measured: a failure on the other database keeps these.
  for (const measured of rows) console.log(measured)
  return rows
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
  const rows = [...(await measure('MariaDB', mariadb)), ...(await measure('SQLite', sqlite))]
  return printRows(
    `Secure links, invitations and reminders for ${ROWS} members against their import`,
    rows
  )
}
