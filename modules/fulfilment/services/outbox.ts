import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ApiError, lockingTransaction } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import { Migration } from '#modules/migrations/index'
import ApiLog from '../models/api_log.js'
import { enrolmentCallKey } from '../steps/enrolment_step.js'
import { isResendable } from './email_resend.js'

/**
 * The integration outbox (docs/operations.md §3): every outbound call and job of a migration,
 * its attempts, last outcome and next retry, and the dead letter (a job whose attempts ran out,
 * status `failed`) with its Replay.
 */

/** Jobs an administrator may replay: each is one outbound thing, idempotent (its own key or delivery row). */
const REPLAYABLE_JOBS = [
  JOB_TYPES.enrolmentCall,
  JOB_TYPES.resendEmail,
  JOB_TYPES.cancellationAlert,
  JOB_TYPES.insurerCancellationCall,
] as const

/** Jobs shown as an insurer call (with its api_logs attempts), not in the job list. */
const CALL_JOBS: string[] = [JOB_TYPES.enrolmentCall, JOB_TYPES.insurerCancellationCall]

const JOB_LABELS: Record<string, string> = {
  [JOB_TYPES.fulfilmentStep]: 'Fulfilment step',
  [JOB_TYPES.cancellationAlert]: 'Cancellation alert email',
  [JOB_TYPES.enrolmentCall]: 'Insurer enrolment call',
  [JOB_TYPES.insurerCancellationCall]: 'Insurer cancellation call',
  [JOB_TYPES.resendEmail]: 'Email resend',
}

/** A job's state; a call's may also be 'skipped' (no endpoint configured, no job). */
type JobState = 'succeeded' | 'failed' | 'queued' | 'retrying' | 'running' | 'done' | 'dead_letter'
type OutboxState = JobState | 'skipped'

interface JobRow {
  id: number
  type: string
  payload: unknown
  status: string
  attempts: number
  max_attempts: number
  run_at: unknown
  last_error: string | null
  migration_id: number | null
  dedupe_key: string | null
  updated_at: unknown
}

/** Stored timestamps ('yyyy-MM-dd HH:mm:ss' local, or a Date from mysql2) as ISO. */
function iso(value: unknown): string | null {
  if (!value) return null
  const date = value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromSQL(String(value))
  return date.isValid ? date.toISO() : null
}

function payloadOf(stored: unknown): Record<string, any> {
  if (stored && typeof stored === 'object') return stored as Record<string, any>
  try {
    return JSON.parse(String(stored)) ?? {}
  } catch {
    return {}
  }
}

function jobState(job: JobRow): JobState {
  if (job.status === 'failed') return 'dead_letter'
  if (job.status === 'queued') return job.attempts > 0 ? 'retrying' : 'queued'
  return job.status === 'running' ? 'running' : 'done'
}

/**
 * One insurer call (a member with a configuration: its enrolment, or its cancellation) from its
 * api_logs attempts and its job. A cancellation not sent (no endpoint) is `skipped`, its
 * last_error the reason.
 */
function presentCall(logs: ApiLog[], job: JobRow | undefined) {
  const latest = logs[logs.length - 1]
  let state: OutboxState = latest.skipped ? 'skipped' : latest.success ? 'succeeded' : 'failed'
  // A call's job exists only after a failed attempt: queued means waiting to retry; done without success, nothing left to retry.
  const jobNow = job ? jobState(job) : null
  if (!latest.success && !latest.skipped && jobNow)
    state = jobNow === 'done' ? 'failed' : jobNow === 'queued' ? 'retrying' : jobNow
  return {
    job_id: job?.id ?? null,
    call_type: latest.call_type ?? 'enrolment',
    api_name: latest.api_name,
    member_name: latest.member_name,
    member_id: latest.member_id_str,
    attempts: logs.filter((log) => !log.skipped).length,
    response_status: latest.response_status,
    last_error: latest.success ? null : latest.error_message,
    last_attempt_at: latest.created_at.toISO(),
    idempotency_key: latest.idempotency_key,
    state,
    next_retry_at: job && state === 'retrying' ? iso(job.run_at) : null,
  }
}

function presentJob(job: JobRow) {
  const payload = payloadOf(job.payload)
  const state = jobState(job)
  return {
    id: job.id,
    type: job.type,
    label: JOB_LABELS[job.type] ?? job.type,
    detail: typeof payload.step === 'string' ? payload.step : null,
    state,
    attempts: job.attempts,
    max_attempts: job.max_attempts,
    last_error: job.last_error,
    next_retry_at: state === 'retrying' || state === 'queued' ? iso(job.run_at) : null,
    updated_at: iso(job.updated_at),
    replayable:
      state === 'dead_letter' && (REPLAYABLE_JOBS as readonly string[]).includes(job.type),
  }
}

/** A migration's insurer calls (one per member and configuration) and its other jobs. */
export async function migrationOutbox(migrationId: number) {
  if (!(await Migration.find(migrationId))) throw new ApiError('Migration not found', 404)
  const [logs, jobs] = await Promise.all([
    ApiLog.query().where('migration_id', migrationId).orderBy('id'),
    db.from('jobs').where('migration_id', migrationId).orderBy('id') as Promise<JobRow[]>,
  ])
  const byKey = new Map(jobs.filter((job) => job.dedupe_key).map((job) => [job.dedupe_key, job]))
  const calls = new Map<string, ApiLog[]>()
  for (const log of logs) {
    // A cancellation call's job has its Idempotency-Key as dedupe_key; an enrolment call's, its own key.
    const key =
      log.call_type === 'cancellation'
        ? (log.idempotency_key ?? '')
        : enrolmentCallKey(migrationId, log.api_configuration_id ?? 0, log.member_id ?? 0)
    calls.set(key, [...(calls.get(key) ?? []), log])
  }
  return {
    calls: [...calls.entries()].map(([key, attempts]) => presentCall(attempts, byKey.get(key))),
    // A cancellation call not tried yet (queued, no attempt logged) shows as a job.
    jobs: jobs
      .filter(
        (job) =>
          !CALL_JOBS.includes(job.type) ||
          (job.type === JOB_TYPES.insurerCancellationCall && !calls.has(job.dedupe_key ?? ''))
      )
      .map(presentJob),
  }
}

/** Everything in dead letter across migrations, the latest failure first. */
export async function deadLetters(page: number, limit: number) {
  const failed = () => db.from('jobs').where('jobs.status', 'failed')
  const [{ total }] = await failed().count('* as total')
  const rows: (JobRow & {
    migration_reference: string | null
    insured_full_name: string | null
  })[] = await failed()
    .leftJoin('migrations', 'migrations.id', 'jobs.migration_id')
    .orderBy('jobs.updated_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .offset((page - 1) * limit)
    .limit(limit)
    .select('jobs.*', 'migrations.migration_reference', 'migrations.insured_full_name')
  const items = []
  for (const row of rows) {
    const payload = payloadOf(row.payload)
    const job = presentJob(row)
    let call = null
    if (row.type === JOB_TYPES.enrolmentCall || row.type === JOB_TYPES.insurerCancellationCall) {
      const attempts =
        row.type === JOB_TYPES.enrolmentCall
          ? await ApiLog.query()
              .where('migration_id', payload.migrationId)
              .where('api_configuration_id', payload.configId)
              .where('member_id', payload.memberId)
              .where('call_type', 'enrolment')
              .orderBy('id')
          : await ApiLog.query()
              .where('idempotency_key', row.dedupe_key ?? '')
              .where('call_type', 'cancellation')
              .orderBy('id')
      if (attempts.length > 0) call = presentCall(attempts, row)
    }
    items.push({
      id: row.id,
      type: row.type,
      label: job.label,
      migration_id: row.migration_id,
      migration_reference: row.migration_reference ?? null,
      member_name: call?.member_name ?? row.insured_full_name ?? null,
      member_id: call?.member_id ?? null,
      api_name: call?.api_name ?? null,
      attempts: call?.attempts ?? row.attempts,
      last_error: call?.last_error ?? row.last_error,
      failed_at: job.updated_at,
      idempotency_key: call?.idempotency_key ?? null,
      replayable: job.replayable,
    })
  }
  return { items, total: Number(total), unknown_emails: await undecidedEmails() }
}

/**
 * Emails left `unknown` (the sender stopped after the hand-off to the mail server began: maybe
 * delivered, maybe not) that nobody has resent yet: nothing retries them on its own, so an
 * administrator decides, with Resend. Oldest first, at most 200.
 */
async function undecidedEmails() {
  const rows = await db
    .from('email_deliveries as d')
    .leftJoin('migrations', 'migrations.id', 'd.migration_id')
    .where('d.status', 'unknown')
    .whereNotExists((query) =>
      query.from('email_deliveries as r').whereColumn('r.resend_of', 'd.id')
    )
    .orderBy('d.id')
    .limit(200)
    .select(
      'd.id',
      'd.migration_id',
      'd.email_type',
      'd.recipient',
      'd.subject',
      'd.error_message',
      'd.updated_at',
      'd.created_at',
      'migrations.migration_reference'
    )
  return rows.map((row) => {
    const migrationId = row.migration_id === null ? null : Number(row.migration_id)
    return {
      id: Number(row.id),
      migration_id: migrationId,
      migration_reference: row.migration_reference ?? null,
      email_type: String(row.email_type),
      recipient: String(row.recipient),
      subject: String(row.subject),
      error: row.error_message ?? null,
      since: iso(row.updated_at ?? row.created_at),
      resendable: isResendable({ email_type: String(row.email_type), migration_id: migrationId }),
    }
  })
}

const NOT_DEAD: Record<string, string> = {
  queued: 'it is waiting for its next attempt',
  running: 'it is running now',
  done: 'it is done',
}

/**
 * Replays one dead-lettered job: queued again now for one more attempt, with what makes it
 * idempotent (an insurer call keeps its Idempotency-Key, an email its delivery row). A
 * conditional UPDATE (jobQueue.replayFailed): of simultaneous replays one re-queues it, the
 * others answer 409, as does a job that is not in dead letter. Audited in the same transaction.
 */
export async function replayOutboxJob(jobId: number, actor: Actor) {
  return lockingTransaction(async (trx) => {
    const replayed = await jobQueue.replayFailed(jobId, REPLAYABLE_JOBS, trx)
    const job: JobRow | null = await trx.from('jobs').where('id', jobId).first()
    if (!job) throw new ApiError('Outbox entry not found', 404)
    if (!(REPLAYABLE_JOBS as readonly string[]).includes(job.type)) {
      throw new ApiError(
        `A ${(JOB_LABELS[job.type] ?? job.type).toLowerCase()} is not replayed here: use the migration's retry buttons`,
        409
      )
    }
    if (!replayed)
      throw new ApiError(
        `Only a call in dead letter can be replayed: ${NOT_DEAD[job.status] ?? 'it is not in dead letter'}`,
        409
      )
    await recordAudit(trx, {
      actor,
      action: 'outbox.replay',
      entityType: 'migration',
      entityId: job.migration_id,
      before: { job_id: job.id, type: job.type, status: 'failed' },
      after: { job_id: job.id, type: job.type, status: 'queued' },
    })
    return presentJob(job)
  })
}
