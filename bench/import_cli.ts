/*
| Census import of BENCH_CLI_ROWS (default 1,000,000) generated rows with the
| operators' CLI as `npm run cli -- import` runs it (compiled, one process:
| preview then import, end to end), on MariaDB, against LOAD DATA LOCAL INFILE
| of the same rows into an empty copy of members with the same indexes, in the
| same run; peak memory of the CLI process (every thread) from GNU time.
*/
import { execFile } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'
import { writeCensusCsv, writeCensusTsv } from './census_generator.js'
import {
  benchEnv,
  freshBenchDatabase,
  loadDataIntoEmptyCopy,
  truncateMembers,
} from './support/load_data.js'
import { printRows } from './support/report.js'

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
  const loadBefore = loadavg()[0].toFixed(1)

  await truncateMembers()
  const loadDataMs = await loadDataIntoEmptyCopy(`${OUT}/census-cli.tsv`)
  const start = performance.now()
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
  const load = `${loadBefore}–${loadavg()[0].toFixed(1)}`
  return printRows(`CLI import of ${ROWS} rows`, [
    {
      name: `${ROWS / 1000}k CSV: npm run cli -- import (preview + import, whole process)`,
      figure: `${cliMs} ms`,
      baseline: `LOAD DATA LOCAL INFILE into an empty copy of members ${loadDataMs} ms`,
      ratio: cliMs / loadDataMs,
      target: '≤ ×2.0',
      met: cliMs / loadDataMs <= 2,
      load,
    },
    {
      name: 'CLI peak RSS (all threads)',
      figure: `${peakMb} MB`,
      baseline: '',
      ratio: null,
      target: '≤ 400 MB',
      met: peakMb <= 400,
      load,
    },
  ])
}
