/*
| Clean Database at 100,000 members (docs/benchmarks.md): the
| compiled server as `npm start` runs it, an administrator importing
| BENCH_ROWS (default 100,000) generated rows through the Import Data screen's
| calls (preview + confirm-import, timed), then cleaning them (POST
| /api/admin/data/clean, followed through GET /api/admin/data/clean until
| done) while /health/live is probed every 200 ms. Reports the clean's
| duration against the import's and the slowest probe. MariaDB by default;
| BENCH_CLEAN_SQLITE=1 runs it on a SQLite file instead.
*/
import { execFile } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { writeCensusCsv } from './census_generator.js'
import { AdminHttp } from './support/admin_http.js'
import { startServer } from './support/server.js'
import { benchEnv, freshBenchDatabase } from './support/load_data.js'

const execFileAsync = promisify(execFile)
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const PORT = Number(process.env.BENCH_PORT ?? 3399)
const PROBE_EVERY_MS = 200
const OUT = 'bench/out'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The benchmark's database: MariaDB (fresh schema) or, with BENCH_CLEAN_SQLITE=1, a fresh SQLite file. */
async function database(): Promise<{ e: NodeJS.ProcessEnv; name: string }> {
  const e = benchEnv(OUT)
  if (!process.env.BENCH_CLEAN_SQLITE) {
    await freshBenchDatabase(e)
    return { e, name: 'MariaDB' }
  }
  const path = `${OUT}/clean-bench.sqlite3`
  for (const suffix of ['', '-wal', '-shm', '.rate-limits'])
    await rm(`${path}${suffix}`, { force: true })
  const sqlite = { ...e, DB_CONNECTION: 'sqlite', SQLITE_PATH: path }
  await execFileAsync(process.execPath, ['--no-warnings', 'ace.js', 'migration:run', '--force'], {
    env: sqlite,
  })
  return { e: sqlite, name: 'SQLite' }
}

/** /health/live every PROBE_EVERY_MS (each waits for the previous answer) until stopped: each probe's latency. */
function probeLiveness(baseUrl: string) {
  const latencies: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const sent = performance.now()
      const response = await fetch(`${baseUrl}/health/live`, {
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null)
      await response?.text()
      latencies.push(response?.ok ? Math.round(performance.now() - sent) : Infinity)
      await sleep(Math.max(0, PROBE_EVERY_MS - (performance.now() - sent)))
    }
  })()
  return async () => {
    running = false
    await loop
    return latencies
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await work()
  return { ms: Math.round(performance.now() - start), value }
}

export async function run() {
  await mkdir(OUT, { recursive: true })
  const { e, name } = await database()
  const password = randomBytes(12).toString('base64url')
  await execFileAsync(
    process.execPath,
    [
      '--no-warnings',
      '--import=ts-node-maintained/register/esm',
      'bench/workers/backoffice_data_worker.ts',
      'admin',
    ],
    { env: { ...e, BENCH_ADMIN_PASSWORD: password } }
  )
  await writeCensusCsv(`${OUT}/census-clean.csv`, ROWS)
  const csv = await readFile(`${OUT}/census-clean.csv`)

  const server = await startServer(e, PORT)
  try {
    const baseUrl = `http://127.0.0.1:${PORT}`
    const http = new AdminHttp(baseUrl)
    await http.signIn('bench', password)
    const loadBefore = loadavg()[0].toFixed(1)

    const preview = await timed(() => http.upload('/api/admin/data/preview', 'census.csv', csv))
    if (preview.value.status !== 200)
      throw new Error(
        `Preview: ${preview.value.status} ${JSON.stringify(preview.value.body).slice(0, 300)}`
      )
    const imported = await timed(() =>
      http.post('/api/admin/data/confirm-import', { cacheKey: preview.value.body.cacheKey })
    )
    if (imported.value.status !== 200 || imported.value.body.membersImported !== ROWS)
      throw new Error(`Import: ${JSON.stringify(imported.value.body).slice(0, 300)}`)
    const members = (await http.getJson('/api/admin/data/stats')).stats.members

    const stopProbing = probeLiveness(baseUrl)
    await sleep(2 * PROBE_EVERY_MS)
    const clean = await timed(async () => {
      const started = await http.post('/api/admin/data/clean', { confirmation: 'DELETE ALL DATA' })
      if (![200, 202].includes(started.status))
        throw new Error(`Clean: ${started.status} ${JSON.stringify(started.body)}`)
      let cleanRun = started.body.clean
      const steps = new Set<number>([cleanRun.deletedRows])
      while (cleanRun.status === 'running') {
        await sleep(100)
        cleanRun = (await http.getJson('/api/admin/data/clean')).clean
        steps.add(cleanRun.deletedRows)
      }
      return { cleanRun, steps: steps.size }
    })
    await sleep(2 * PROBE_EVERY_MS)
    const latencies = await stopProbing()
    const loadAfter = loadavg()[0].toFixed(1)
    if (clean.value.cleanRun.status !== 'done')
      throw new Error(`Clean ended ${clean.value.cleanRun.status}: ${clean.value.cleanRun.error}`)
    const left = (await http.getJson('/api/admin/data/stats')).stats.members

    const importMs = preview.ms + imported.ms
    const sorted = [...latencies].sort((a, b) => a - b)
    console.log(
      `\nClean Database of ${members} members on ${name} (load average ${loadBefore}–${loadAfter}):`
    )
    console.log('| measure | value | target |')
    console.log('|---|---|---|')
    console.log(
      `| import (preview ${preview.ms} ms + confirm-import ${imported.ms} ms) | ${importMs} ms | baseline |`
    )
    console.log(
      `| clean (POST until GET reads done; ${clean.value.cleanRun.deletedRows} rows, ${clean.value.steps} progress readings) | ${clean.ms} ms (×${(clean.ms / importMs).toFixed(2)}) | ≤ 1× |`
    )
    console.log(
      `| /health/live probes during the clean: max / median | ${sorted.at(-1)} ms / ${sorted[Math.floor(sorted.length / 2)]} ms (${latencies.length} probes) | max < 1000 ms |`
    )
    console.log(`| members left | ${left} | 0 |`)
    return {
      members,
      importMs,
      cleanMs: clean.ms,
      maxProbeMs: sorted.at(-1),
      probes: latencies.length,
    }
  } finally {
    server.kill('SIGTERM')
  }
}
