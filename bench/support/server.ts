import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

/** The app as `npm start` runs it (compiled, production mode), without the background job worker and rate scheduler. */
async function serverEnv(base: NodeJS.ProcessEnv, port: number): Promise<NodeJS.ProcessEnv> {
  // The same malloc settings as scripts/start.mjs gives the server.
  const { MEMORY_ENV } = await import(pathToFileURL(resolve('scripts/memory_env.mjs')).href)
  return {
    ...MEMORY_ENV,
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
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  }
}

/** The bearer token of the bench server's /metrics (its heap figures). */
const BENCH_METRICS_TOKEN = randomBytes(16).toString('hex')

/** The server's own view of its memory (prom-client's default metrics), in MB: heap, external, array buffers. */
export async function heapBreakdown(baseUrl: string): Promise<Record<string, number>> {
  const text = await (
    await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    })
  ).text()
  const value = (pattern: RegExp) =>
    Math.round(Number(pattern.exec(text)?.[1] ?? Number.NaN) / 1048576)
  return {
    heapTotal: value(/^nodejs_heap_size_total_bytes (\S+)/m),
    heapUsed: value(/^nodejs_heap_size_used_bytes (\S+)/m),
    external: value(/^nodejs_external_memory_bytes (\S+)/m),
    newSpace: value(/^nodejs_heap_space_size_total_bytes\{space="new"\} (\S+)/m),
    oldSpace: value(/^nodejs_heap_space_size_total_bytes\{space="old"\} (\S+)/m),
  }
}

/** Compiles (when a source is newer) and starts build/backend/bin/server.js; resolves once /api/health answers. */
export async function startServer(e: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${port}`
  await execFileAsync(process.execPath, ['scripts/build.mjs'])
  const server = spawn(process.execPath, ['build/backend/bin/server.js'], {
    env: await serverEnv(e, port),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  server.stderr!.on('data', (chunk) => (errors += chunk))
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server stopped: ${errors}`)
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return server
    } catch {}
    await new Promise((wake) => setTimeout(wake, 250))
  }
  server.kill('SIGTERM')
  throw new Error(`The server did not answer on ${baseUrl}: ${errors}`)
}

/** A process's resident memory now and its peak so far (VmRSS, VmHWM), in MB. */
export async function processMemory(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) }
}
