import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { jobFailures } from '#modules/observability/index'
import { lockingTransaction } from '#modules/shared/index'
import Job from './models/job.js'

/** Both dialects store timestamps as local 'yyyy-MM-dd HH:mm:ss' (Lucid's format). */
function sqlTime(value: DateTime) {
  return value.toFormat('yyyy-MM-dd HH:mm:ss')
}

const localListeners = new Set<() => void>()
function notifyLocalWorkers() {
  for (const listener of localListeners) listener()
}

interface EnqueueOptions {
  trx?: TransactionClientContract
  runAt?: DateTime
  maxAttempts?: number
}

function jobFields(
  type: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions,
  dedupeKey: string | null
) {
  const migrationId = Number(payload.migrationId)
  return {
    type,
    payload,
    status: 'queued' as const,
    attempts: 0,
    max_attempts: options.maxAttempts ?? 5,
    run_at: options.runAt ?? DateTime.local(),
    migration_id: Number.isInteger(migrationId) && migrationId > 0 ? migrationId : null,
    dedupe_key: dedupeKey,
  }
}

/** This process's workers start on a new job at once (after the commit that makes it visible), not at their next poll. */
function afterCommit(trx?: TransactionClientContract) {
  if (trx) trx.after('commit', notifyLocalWorkers)
  else notifyLocalWorkers()
}

/** Due: queued and its time has come, or running with an expired lease (its worker died). */
function whereDue(query: any, now: DateTime) {
  return query
    .where((q: any) => q.where('status', 'queued').where('run_at', '<=', sqlTime(now)))
    .orWhere((q: any) => q.where('status', 'running').where('locked_until', '<', sqlTime(now)))
}

/** Wait before retry n (1-based): 10 s, 40 s, 90 s, ... capped at 15 minutes. */
export function retryDelaySeconds(attempt: number) {
  return Math.min(10 * attempt * attempt, 15 * 60)
}

/**
 * The jobs table as a queue. A job is claimed by one worker with a lease
 * (locked_until); a worker that dies loses its lease and another worker
 * (or itself after a restart) claims the job again. Handlers must therefore
 * be idempotent.
 */
export const jobQueue = {
  /** Queues a job; pass the caller's transaction so the job exists only if its cause was committed. */
  async enqueue(
    type: string,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {}
  ): Promise<Job> {
    const job = await Job.create(jobFields(type, payload, options, null), { client: options.trx })
    afterCommit(options.trx)
    return job
  },

  /**
   * Queues a job unless one with this `dedupeKey` (unique) exists, whatever its status:
   * one job for one thing (the retries of one insurer call). Null when it existed.
   */
  async enqueueOnce(
    type: string,
    payload: Record<string, unknown>,
    dedupeKey: string,
    options: EnqueueOptions = {}
  ): Promise<Job | null> {
    if (await Job.query({ client: options.trx }).where('dedupe_key', dedupeKey).first()) return null
    try {
      const job = await Job.create(jobFields(type, payload, options, dedupeKey), {
        client: options.trx,
      })
      afterCommit(options.trx)
      return job
    } catch (error: any) {
      // Created by another process a moment ago: the unique key keeps one.
      if (/ER_DUP_ENTRY|SQLITE_CONSTRAINT/.test(String(error?.code))) return null
      throw error
    }
  },

  /** Calls `listener` whenever this process queues a job; answers the unsubscribe function. */
  onEnqueued(listener: () => void) {
    localListeners.add(listener)
    return () => void localListeners.delete(listener)
  },

  /**
   * Claims the next due job (queued, or running with an expired lease) for a
   * worker, or null. MySQL/MariaDB: SELECT … FOR UPDATE SKIP LOCKED, so
   * workers of several processes each take a different row without waiting
   * on one another. SQLite (one writer at a time): compare-and-set.
   */
  async claimNext(workerId: string, leaseMs: number): Promise<Job | null> {
    const now = DateTime.local()
    const claim = {
      status: 'running',
      locked_by: workerId,
      locked_until: sqlTime(now.plus({ milliseconds: leaseMs })),
      updated_at: sqlTime(now),
    }
    if (db.connection().dialect.name === 'mysql') {
      // READ COMMITTED: rows a read passes without matching are not kept locked (nor gaps).
      const id = await lockingTransaction(async (trx) => {
        // Two narrow reads, not one with OR: each walks its index in order and stops at the first
        // row nobody holds. A read that has to sort would lock every due row before picking one,
        // and the other workers would then skip them all.
        const row =
          (await trx
            .from('jobs')
            .where('status', 'queued')
            .where('run_at', '<=', sqlTime(now))
            .orderBy('run_at')
            .orderBy('id')
            .forUpdate()
            .skipLocked()
            .first()) ??
          (await trx
            .from('jobs')
            .where('status', 'running')
            .where('locked_until', '<', sqlTime(now))
            .orderBy('locked_until')
            .forUpdate()
            .skipLocked()
            .first())
        if (!row) return null
        await trx
          .from('jobs')
          .where('id', row.id)
          .update({ ...claim, attempts: Number(row.attempts) + 1 })
        return Number(row.id)
      })
      return id === null ? null : Job.findOrFail(id)
    }
    const candidates = await Job.query()
      .where((query) => whereDue(query, now))
      .orderBy('run_at')
      .orderBy('id')
      .limit(5)
    for (const candidate of candidates) {
      // Compare-and-set on the row: only one worker's update can match.
      const claimed = await db
        .from('jobs')
        .where('id', candidate.id)
        .where((query) => whereDue(query, now))
        .update({ ...claim, attempts: candidate.attempts + 1 })
      if (affectedRows(claimed) === 1) return Job.findOrFail(candidate.id)
    }
    return null
  },

  /** Extends a running job's lease while its worker is still busy with it. */
  async renewLease(job: Job, workerId: string, leaseMs: number) {
    await db
      .from('jobs')
      .where('id', job.id)
      .where('locked_by', workerId)
      .update({ locked_until: sqlTime(DateTime.local().plus({ milliseconds: leaseMs })) })
  },

  /**
   * Deletes every job whose payload has `key` (e.g. "migrationId": all jobs
   * about a migration), whatever its status; answers how many. Used when
   * what the jobs refer to is deleted.
   */
  async removeWithPayloadKey(key: string, trx: TransactionClientContract): Promise<number> {
    const ids: number[] = []
    for (const row of await trx.from('jobs').select('id', 'payload')) {
      if (key in payloadOf(row.payload)) ids.push(Number(row.id))
    }
    for (let start = 0; start < ids.length; start += 1000)
      await trx
        .from('jobs')
        .whereIn('id', ids.slice(start, start + 1000))
        .delete()
    return ids.length
  },

  /**
   * Dead letter → queued again now, for exactly one more attempt (the replay).
   * One conditional UPDATE: of simultaneous replays of one job only one matches.
   * Answers whether this call re-queued it.
   */
  async replayFailed(
    jobId: number,
    types: readonly string[],
    trx: TransactionClientContract
  ): Promise<boolean> {
    const now = DateTime.local()
    const replayed = await trx
      .from('jobs')
      .where('id', jobId)
      .where('status', 'failed')
      .whereIn('type', [...types])
      .update({
        status: 'queued',
        run_at: sqlTime(now),
        max_attempts: db.knexRawQuery('attempts + 1'),
        locked_by: null,
        locked_until: null,
        updated_at: sqlTime(now),
      })
    if (affectedRows(replayed) !== 1) return false
    trx.after('commit', notifyLocalWorkers)
    return true
  },

  /** A job that is no longer needed (what it retries succeeded another way): done, unless a worker holds it. */
  async settleByKey(dedupeKey: string) {
    await db
      .from('jobs')
      .where('dedupe_key', dedupeKey)
      .whereIn('status', ['queued', 'failed'])
      .update({
        status: 'done',
        locked_by: null,
        locked_until: null,
        updated_at: sqlTime(DateTime.local()),
      })
  },

  async markDone(job: Job, trx?: TransactionClientContract) {
    if (trx) job.useTransaction(trx)
    job.merge({ status: 'done', locked_by: null, locked_until: null })
    await job.save()
  },

  /** Records a failure: queued again with a growing delay, or failed for good after max_attempts. */
  async markFailed(job: Job, error: unknown): Promise<'retry' | 'failed'> {
    const message = error instanceof Error ? error.message : String(error)
    const final = job.attempts >= job.max_attempts
    job.merge({
      status: final ? 'failed' : 'queued',
      last_error: message.slice(0, 2000),
      locked_by: null,
      locked_until: null,
      run_at: DateTime.local().plus({ seconds: retryDelaySeconds(job.attempts) }),
    })
    await job.save()
    jobFailures.inc({ type: job.type, final: String(final) })
    return final ? 'failed' : 'retry'
  },
}

/** A stored payload (JSON text, or already parsed by some drivers); {} when unreadable. */
function payloadOf(stored: unknown): Record<string, unknown> {
  if (stored && typeof stored === 'object') return stored as Record<string, unknown>
  try {
    const parsed = JSON.parse(String(stored))
    return parsed && typeof parsed === 'object' ? parsed : {}
  } catch {
    return {}
  }
}

/** knex answers an update with a count (or [count] on some drivers). */
function affectedRows(result: unknown): number {
  return Array.isArray(result) ? Number(result[0]) : Number(result)
}
