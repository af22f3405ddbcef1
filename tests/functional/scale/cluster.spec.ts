import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'
import { stopChild } from '#tests/helpers/app_server_process'
import { buildIfNeeded } from '#tests/helpers/cli_runner'

/*
| The cluster of `npm start` (backend/bin/cluster.ts): a primary keeping 3 web
| processes on one port. Each test puts load on it (autocannon, loopback only, bounded by a
| duration) while a process is killed, ended or all are restarted. It runs the compiled build, as
| `npm start` does (a web process starts in about a second of CPU; from source, three). Its requests
| touch no database (/health/live): it runs once, in the SQLite pass (@one-database).
*/

const PORT = Number(process.env.PORT ?? 4108) + 10
const base = `http://127.0.0.1:${PORT}`

interface Primary {
  child: ChildProcess
  output: () => string
  /** The pids of the web processes that said they listen, in order. */
  listening: () => number[]
}

async function startPrimary(): Promise<Primary> {
  await buildIfNeeded()
  const child = spawn(process.execPath, ['build/backend/bin/cluster.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      WEB_CONCURRENCY: '3',
      BACKGROUND_WORKERS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const listening = () =>
    [...output.matchAll(/web process (\d+) listening/g)].map((match) => Number(match[1]))
  const primary = { child, output: () => output, listening }
  await until(() => listening().length >= 3, 90_000, primary)
  return primary
}

async function until(done: () => boolean, ms: number, primary: { output: () => string }) {
  const started = Date.now()
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`timed out: ${primary.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * 50 connections on /health/live from before `during` until 1 s after it. A request counts as
 * failed when its connection is refused or reset, or it gets no 2xx; its answer may take up to a
 * minute (autocannon's default is 10 s), so that a machine busy with other work fails no correct build.
 */
async function underLoad(during: () => Promise<void>) {
  let stop = () => {}
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}/health/live`, connections: 50, duration: 180, timeout: 60 },
      (error, result) => (error ? reject(error) : resolve(result))
    )
    stop = () => instance.stop()
  })
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  await during()
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  stop()
  const result = await load
  return { ok: result['2xx'], failed: result.errors + result.timeouts + result.non2xx }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

test.group('Cluster of web processes', (group) => {
  group.tap((t) => t.tags(['@one-database']))
  let primary: Primary
  group.setup(async () => {
    primary = await startPrimary()
    return () => stopChild(primary.child)
  })

  test('a web process ended by SIGTERM under load fails no request, and is replaced', async ({
    assert,
  }) => {
    const [victim] = primary.listening().slice(-3)
    const before = primary.listening().length
    const { ok, failed } = await underLoad(async () => {
      process.kill(victim, 'SIGTERM')
      await until(() => !alive(victim), 60_000, primary)
    })
    assert.equal(failed, 0)
    assert.isAbove(ok, 100)
    await until(() => primary.listening().length > before, 60_000, primary)
    assert.isFalse(alive(victim))
  }).timeout(120_000)

  test('a rolling restart (SIGHUP to the primary) under 50 connections loses no request', async ({
    assert,
  }) => {
    const old = primary.listening().slice(-3)
    const { ok, failed } = await underLoad(async () => {
      primary.child.kill('SIGHUP')
      // Three replacements start from source while the load takes the cores: up to minutes here.
      await until(() => primary.output().includes('rolling restart done'), 240_000, primary)
    })
    assert.equal(failed, 0)
    assert.isAbove(ok, 100)
    assert.deepEqual(
      old.map((pid) => alive(pid)),
      [false, false, false]
    )
  }).timeout(300_000)

  test('a web process killed with SIGKILL under load is replaced; the others keep answering', async ({
    assert,
  }) => {
    const [victim] = primary.listening().slice(-3)
    const before = primary.listening().length
    const { ok, failed } = await underLoad(async () => {
      process.kill(victim, 'SIGKILL')
      await until(() => primary.listening().length > before, 60_000, primary)
    })
    // The requests in flight on the killed process's connections fail (at most one per
    // connection); everything else is answered by the other two and then the replacement.
    assert.isAtMost(failed, 50)
    assert.isAbove(ok, 100)
    const after = await fetch(`${base}/health/live`)
    assert.equal(after.status, 200)
  }).timeout(120_000)
})
