/*
| The production entry (`npm start`, docs/scaling.md): a primary process (node:cluster) that keeps
| WEB_CONCURRENCY web processes (default: one per core), each `server.js`, all on one port.
| - A web process that dies is replaced, after a backoff that doubles while processes keep dying
|   young (1 s … 30 s), so a crash loop does not spin.
| - SIGTERM / SIGINT: every web process is sent SIGTERM (it stops accepting, finishes its
|   requests, stops claiming jobs) and the primary exits when all have, or after the grace period.
| - SIGHUP: a rolling restart, one process at a time: its replacement is listening before it is
|   sent SIGTERM, so no request is lost.
*/
import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'

const WANTED = Number(process.env.WEB_CONCURRENCY) || availableParallelism()
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS) || 25_000
const BACKOFF_MS = { first: 1_000, max: 30_000, youngMs: 10_000 }

// From the sources (tests) the web processes run server.ts with this process's loader (execArgv).
const serverFile = import.meta.url.endsWith('.ts') ? './server.ts' : './server.js'
cluster.setupPrimary({ exec: new URL(serverFile, import.meta.url).pathname })

let stopping = false
let backoffMs = 0
/** Workers being replaced on purpose (rolling restart): their exit is not a crash. */
const retiring = new Set<number>()
const startedAt = new Map<number, number>()

const log = (message: string) => console.log(`[primary ${process.pid}] ${message}`)

function fork(): Worker {
  const worker = cluster.fork()
  startedAt.set(worker.id, Date.now())
  return worker
}

const listening = (worker: Worker) =>
  new Promise<void>((resolve, reject) => {
    worker.once('listening', () => resolve())
    worker.once('exit', () => reject(new Error(`web process ${worker.process.pid} exited`)))
  })

cluster.on('listening', (worker) => log(`web process ${worker.process.pid} listening`))

cluster.on('exit', (worker, code, signal) => {
  const lived = Date.now() - (startedAt.get(worker.id) ?? 0)
  startedAt.delete(worker.id)
  if (stopping || retiring.delete(worker.id)) return
  backoffMs =
    lived < BACKOFF_MS.youngMs
      ? Math.min(Math.max(backoffMs * 2, BACKOFF_MS.first), BACKOFF_MS.max)
      : 0
  log(`web process ${worker.process.pid} died (${signal ?? code}); a new one in ${backoffMs} ms`)
  setTimeout(() => !stopping && fork(), backoffMs)
})

async function rollingRestart() {
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (!worker || stopping) continue
    try {
      await listening(fork())
    } catch {
      log('a replacement did not start: rolling restart stopped')
      return
    }
    retiring.add(worker.id)
    worker.process.kill('SIGTERM')
    await new Promise((resolve) => worker.once('exit', resolve))
  }
  log('rolling restart done')
}

function stopAll(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} web processes`)
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  setTimeout(() => {
    log('grace period over: ending the web processes still running')
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
    process.exit(1)
  }, GRACE_MS + 1_000).unref()
  const check = setInterval(() => {
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      clearInterval(check)
      process.exit(0)
    }
  }, 100)
}

process.on('SIGTERM', () => stopAll('SIGTERM'))
process.on('SIGINT', () => stopAll('SIGINT'))
process.on('SIGHUP', () => void rollingRestart())
for (let index = 0; index < WANTED; index++) fork()
log(`${WANTED} web processes (WEB_CONCURRENCY)`)
