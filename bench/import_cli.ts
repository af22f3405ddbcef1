/*
| Census import of BENCH_CLI_ROWS (default 1,000,000) generated rows with the
| operators' CLI as `npm run cli -- import` runs it (compiled, one process:
| preview then import), on MariaDB, against LOAD DATA LOCAL INFILE of the
| same rows; peak memory of the CLI process (every thread) from GNU time.
*/
import { execFile } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'
import { writeCensusCsv, writeCensusTsv } from './census_generator.js'
import {
  benchEnv,
  freshBenchDatabase,
  loadDataInfile,
  truncateMembers,
} from './support/load_data.js'

const execFileAsync = promisify(execFile)
const ROWS = Number(process.env.BENCH_CLI_ROWS ?? 1_000_000)
const OUT = 'bench/out'

export async function run() {
  const e = benchEnv(OUT)
  await mkdir(OUT, { recursive: true })
  await freshBenchDatabase(e)
  await execFileAsync(process.execPath, ['scripts/build.mjs'])
  await writeCensusCsv(`${OUT}/census-cli.csv`, ROWS)
  await writeCensusTsv(`${OUT}/census-cli.tsv`, ROWS)
  const load = loadavg()[0].toFixed(1)

  await truncateMembers()
  let start = performance.now()
  await loadDataInfile(`${OUT}/census-cli.tsv`)
  const loadDataMs = Math.round(performance.now() - start)
  await truncateMembers()
  start = performance.now()
  const cli = await execFileAsync(
    '/usr/bin/time',
    ['-f', 'maxrss %M', process.execPath, 'build/cli/index.js', 'import', `${OUT}/census-cli.csv`],
    { env: e, maxBuffer: 1 << 26 }
  )
  const cliMs = Math.round(performance.now() - start)
  const imported = Number(/Members imported: (\d+)/.exec(cli.stdout)?.[1])
  const peakMb = Math.round(Number(/maxrss (\d+)/.exec(cli.stderr)?.[1]) / 1024)
  if (imported !== ROWS)
    throw new Error(
      `The CLI imported ${imported} of ${ROWS}: ${cli.stdout.slice(-500)} ${cli.stderr.slice(-500)}`
    )
  console.log(`\nCLI import of ${ROWS} rows (load average ${load}–${loadavg()[0].toFixed(1)}):`)
  console.log('| measure | value | target |')
  console.log('|---|---|---|')
  console.log(`| LOAD DATA LOCAL INFILE | ${loadDataMs} ms | baseline |`)
  console.log(
    `| npm run cli -- import (preview + import, whole process) | ${cliMs} ms (×${(cliMs / loadDataMs).toFixed(2)}) | ≤ 1.5× |`
  )
  console.log(`| CLI peak RSS (all threads) | ${peakMb} MB | ≤ 400 MB |`)
  return { rows: ROWS, loadDataMs, cliMs, peakMb }
}
