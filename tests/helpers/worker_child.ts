import { fork, type ChildProcess } from 'node:child_process'
import db from '@adonisjs/lucid/services/db'
import { FROM_SOURCE } from '#tests/helpers/source_node'

/** Starts tests/helpers/worker_process.ts (a fulfilment worker) in its own process with extra environment. */
export function startWorker(env: Record<string, string>): ChildProcess {
  return fork('tests/helpers/worker_process.ts', [], {
    execArgv: FROM_SOURCE,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
}

export function exited(child: ChildProcess) {
  return new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal }))
  )
}

/** Polls until `check` holds (the worker runs in another process). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 40_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('Timed out waiting for the worker')
}

/** The jobs about a migration (their payload names it). */
export function jobsOf(migrationId: number) {
  return db
    .from('jobs')
    .where((query) =>
      query
        .where('payload', 'like', `%"migrationId":${migrationId}}%`)
        .orWhere('payload', 'like', `%"migrationId":${migrationId},%`)
    )
}

/** Deletes the jobs about a migration, for clean-ups of committed tests. */
export function deleteJobsOf(migrationId: number) {
  return jobsOf(migrationId).delete()
}
