/**
 * The benchmarks' MariaDB data set (100,000 members, 50,000 migrations: bench/workers/
 * backoffice_data_worker.ts) and the server as `npm start` runs it: compiled (build/),
 * production mode, cookie sessions, without the job worker and rate scheduler.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)
const NODE = [process.execPath, '--no-warnings', '--import=ts-node-maintained/register/esm']

export const loadAverage = () => loadavg()[0].toFixed(1)

/** Connection settings of the benchmark database (BENCH_DATABASE, default portal_bench). */
export function benchEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DB_CONNECTION: 'mysql',
    DB_HOST: process.env.DB_HOST ?? '127.0.0.1',
    DB_USER: process.env.DB_USER ?? 'portal',
    DB_PASSWORD: process.env.DB_PASSWORD ?? 'portal',
    DB_DATABASE: process.env.BENCH_DATABASE ?? 'portal_bench',
    LOG_LEVEL: 'error',
  }
}

/**
 * A fresh database with the synthetic data set and an administrator `bench` with `password`;
 * BENCH_REUSE=1 keeps the previous run's data and only sets the administrator. Returns the data set's figures.
 */
export async function prepareData(e: NodeJS.ProcessEnv, password: string) {
  if (!process.env.BENCH_REUSE) {
    await execFileAsync('mysql', [
      `-u${e.DB_USER}`,
      `-p${e.DB_PASSWORD}`,
      `-h${e.DB_HOST}`,
      '-e',
      `CREATE DATABASE IF NOT EXISTS ${e.DB_DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    ])
    await execFileAsync(NODE[0], ['--no-warnings', 'ace.js', 'migration:fresh', '--force'], {
      env: e,
    })
  }
  const worker = await execFileAsync(
    NODE[0],
    [
      ...NODE.slice(1),
      'bench/workers/backoffice_data_worker.ts',
      process.env.BENCH_REUSE ? 'admin' : 'all',
    ],
    {
      env: { ...e, BENCH_ADMIN_PASSWORD: password },
      maxBuffer: 1 << 24,
    }
  )
  return JSON.parse(worker.stdout.trim().split('\n').pop()!)
}

function serverEnv(base: NodeJS.ProcessEnv, port: number): NodeJS.ProcessEnv {
  return {
    ...base,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SESSION_COOKIE_SECURE: 'false',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    BACKGROUND_WORKERS: 'false',
    // As the demo `npm start` runs (scripts/start.mjs): the bench administrator has no second factor.
    REQUIRE_ADMIN_2FA: 'false',
    STORAGE_DIR: 'bench/out/storage',
  }
}

/** Compiles (scripts/build.mjs) and starts build/backend/bin/server.js on `port`; resolves once it answers. */
export async function startServer(e: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${port}`
  await execFileAsync(process.execPath, ['scripts/build.mjs'])
  // BENCH_SERVER_NODE_ARGS: Node options for the server alone (`--cpu-prof --cpu-prof-dir=…` to
  // see where a row's time goes; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const server = spawn(process.execPath, [...nodeArgs, 'build/backend/bin/server.js'], {
    env: serverEnv(e, port),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  server.stderr!.on('data', (chunk) => (errors += chunk))
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server stopped: ${errors}`)
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return server
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  server.kill('SIGTERM')
  throw new Error(`The server did not answer on ${baseUrl}: ${errors}`)
}
