import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { ApiError, bulkPause } from '#modules/shared/index'
import { jobQueue } from '#modules/jobs/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { countRows } from './database_stats.js'
import { cleanRuns, type CleanRun } from './clean_runs.js'

export const CLEAN_PHRASE = 'DELETE ALL DATA'
export const WRONG_PHRASE = 'Please type "DELETE ALL DATA" to confirm'
/** The error of a run its caller stopped between batches (the CLI's Ctrl-C). */
const STOPPED = 'stopped by the operator; run the clean again to delete the rest'

/**
 * What the clean-up empties, children before parents: migrations and all
 * that hangs off them (members of a migration, installments, payments,
 * subscriptions, enrolment logs, documents, email records), then the
 * members and what belongs to them (blocks, email overrides, secure-link
 * tokens). Queued background jobs about a migration go too (see
 * runClean). Products, settings, templates, currencies and admins
 * stay, and so does the audit trail (the clean-up is an entry of its own).
 * docs/people.md lists it all with the reasons.
 */
const TABLES_IN_ORDER = [
  'api_logs',
  'documents',
  'email_deliveries',
  'payment_intent_links',
  'payments',
  'subscriptions',
  'installments',
  'migration_consents',
  'migration_members',
  'migration_blocks',
  'email_overrides',
  'invitation_reminders',
  'migration_tokens',
  'migrations',
  'members',
] as const

/**
 * Rows deleted per transaction. On SQLite a statement holds the event loop while it runs
 * (better-sqlite3 is synchronous): 1,000 members take ~30 ms, so /health/live keeps answering.
 */
export const CLEAN_BATCH_ROWS = 1000

export interface CleanResult {
  deletedCounts: { members: number; migrations: number }
}

export type { CleanRun }
export type CleanProgress = (run: CleanRun) => void

function checkPhrase(confirmation: string) {
  if (confirmation !== CLEAN_PHRASE) throw new ApiError(WRONG_PHRASE, 422)
}

async function rowsToDelete(client: QueryClientContract = db.connection()): Promise<number> {
  let total = 0
  for (const table of TABLES_IN_ORDER) total += await countRows(client, table)
  return total
}

/**
 * Opens a run, or answers the one already going. A run whose process died (lease lapsed) is
 * taken over: its remaining rows are counted again and this caller finishes it.
 * `mine`: this caller must run it (runClean).
 */
async function openRun(
  confirmation: string,
  actor: Actor
): Promise<{ run: CleanRun; mine: boolean }> {
  checkPhrase(confirmation)
  const current = await cleanRuns.active()
  if (current && !cleanRuns.lapsed(current)) return { run: current, mine: false }
  if (current) {
    const taken = await cleanRuns.takeOver(current, await rowsToDelete())
    return taken
      ? { run: taken, mine: true }
      : { run: (await cleanRuns.active()) ?? current, mine: false }
  }
  const created = await db.transaction(async (trx) => {
    const counts = {
      members: await countRows(trx, 'members'),
      migrations: await countRows(trx, 'migrations'),
    }
    const run = await cleanRuns.create(trx, {
      actor,
      ...counts,
      totalRows: await rowsToDelete(trx),
    })
    if (run)
      await recordAudit(trx, {
        actor,
        action: 'data.clean',
        entityType: 'database',
        before: counts,
      })
    return run
  })
  // Another request opened one a moment ago (the unique active key): follow that one.
  return created ? { run: created, mine: true } : { run: (await cleanRuns.active())!, mine: false }
}

/** Deletes up to one batch of a table in its own short transaction, with the run's progress and lease. */
async function deleteBatch(
  run: CleanRun,
  table: string,
  where?: (query: any) => void
): Promise<number> {
  const batch = await db.transaction(async (trx) => {
    const query = trx.from(table).select('id').limit(CLEAN_BATCH_ROWS)
    if (where) where(query)
    const ids = (await query).map((row) => Number(row.id))
    if (ids.length === 0) return null
    await trx.from(table).whereIn('id', ids).delete()
    return { rows: ids.length, lease: await cleanRuns.advance(trx, run, ids.length) }
  })
  if (!batch) return 0
  // The progress shown follows what is committed.
  run.deletedRows += batch.rows
  run.leaseExpiresMs = batch.lease
  return batch.rows
}

/**
 * Runs an opened clean to its end: batch after batch, each its own transaction, the event
 * loop free between them (other requests, /health/live). Safe to run again after a crash:
 * what is deleted stays deleted, the rest is deleted by the next run.
 */
async function runClean(
  run: CleanRun,
  onProgress?: CleanProgress,
  signal?: AbortSignal
): Promise<CleanRun> {
  try {
    // Fulfilment steps and cancellation alerts name their migration ({ migrationId }): with the
    // migrations gone they could only fail, retry and fail again. First, so no worker starts one.
    await db.transaction((trx) => jobQueue.removeWithPayloadKey('migrationId', trx))
    onProgress?.(run)
    for (const table of TABLES_IN_ORDER) {
      // Dependants before principals: deleting a principal first would make the database unlink its dependants one by one.
      const passes =
        table === 'members'
          ? [(query: any) => query.whereNotNull('principal_id'), undefined]
          : [undefined]
      for (const where of passes) {
        while ((await deleteBatch(run, table, where)) > 0) {
          onProgress?.(run)
          // A timer, not setImmediate: the loop may then wait a moment for sockets, so requests
          // waiting for their turn (several reads and writes each) are served between batches,
          // and on SQLite another process's write gets the lock (bulkPause).
          await bulkPause(db.connection())
          // Stopped between two batches: what is deleted stays deleted, the slot is freed.
          if (signal?.aborted) return await cleanRuns.finish(run, 'failed', STOPPED)
        }
      }
    }
    return await cleanRuns.finish(run, 'done')
  } catch (error) {
    logger.error({ err: error, cleanId: run.id }, 'clean database failed')
    await cleanRuns
      .finish(run, 'failed', error instanceof Error ? error.message : String(error))
      .catch(() => {})
    throw error
  }
}

/** Waits for a clean another caller runs, reporting its progress, until it ends or its process dies. */
async function followRun(
  run: CleanRun,
  onProgress?: CleanProgress,
  pollMs = 500
): Promise<CleanRun> {
  let current = run
  while (current.status === 'running') {
    onProgress?.(current)
    await new Promise((resolve) => setTimeout(resolve, pollMs))
    current = (await cleanRuns.find(run.id)) ?? current
  }
  return current
}

function resultOf(run: CleanRun): CleanResult {
  if (run.status !== 'done')
    throw new ApiError(
      run.error
        ? `The clean stopped: ${run.error}`
        : 'The clean stopped before its end; run it again to finish',
      500
    )
  return { deletedCounts: run.deletedCounts }
}

/**
 * The whole clean in this process, waiting for its end (CLI, benchmarks); `onProgress` after
 * each batch; `signal` stops it after the batch being deleted (the run ends failed, "stopped").
 */
export async function cleanDatabase(
  confirmation: string,
  actor: Actor,
  onProgress?: CleanProgress,
  signal?: AbortSignal
): Promise<CleanResult> {
  const { run, mine } = await openRun(confirmation, actor)
  return resultOf(mine ? await runClean(run, onProgress, signal) : await followRun(run, onProgress))
}

/** How long the screen's clean request waits for the end before answering "still running" (tests shorten it). */
export const cleanWait = { waitMs: 2000 }

/**
 * The clean of the Import Data screen: started in the background of this process and followed
 * through cleanStatus(). Answers the run when it ended within cleanWait.waitMs (a small database),
 * else the run still going.
 */
export async function startClean(confirmation: string, actor: Actor): Promise<CleanRun> {
  const { run, mine } = await openRun(confirmation, actor)
  if (!mine) return run
  const finished = runClean(run).catch(() => cleanRuns.find(run.id))
  const waited = await Promise.race([
    finished,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), cleanWait.waitMs)),
  ])
  return waited ?? run
}

/** The latest clean (running, interrupted, done or failed), or null when there was none. */
export async function cleanStatus(): Promise<CleanRun | null> {
  return cleanRuns.latest()
}
