import db from '@adonisjs/lucid/services/db'
import { jobQueue, JOB_TYPES, type JobHandler } from '#modules/jobs/index'
import { Migration } from '#modules/migrations/index'
import { coverageCancellation } from '#modules/payments/index'
import { isoDate } from '#modules/shared/index'
import ApiConfiguration from '../models/api_configuration.js'
import ApiLog from '../models/api_log.js'
import { postToInsurer } from './enrolment_client.js'
import {
  loadMigrationContext,
  type MigratedMember,
  type MigrationContext,
} from '#modules/documents/index'
import type { CancellationCause, InsurerNotice } from '#modules/dunning/index'

/** Stored payloads are capped to fit a TEXT column on MariaDB (as the enrolment's). */
const MAX_PAYLOAD = 60_000

/** Attempts of one cancellation call before it is in dead letter (the enrolment's 1 + 4 retries). */
const CANCELLATION_CALL_ATTEMPTS = 5

const NOT_TOLD = (why: string) =>
  `The insurer was not told automatically (${why}): please inform the insurer.`

/**
 * The Idempotency-Key of one member's cancellation call with one configuration, stable per
 * migration, member and cause (every attempt, a replay, a second cancellation run carry it); it
 * is also the dedupe_key of the call's one job.
 */
function insurerCancellationKey(
  migration: Migration,
  memberIdStr: string,
  cause: CancellationCause,
  configId: number
) {
  return `insurer-cancellation:${migration.migration_reference}:${memberIdStr}:${cause}:${configId}`
}

const plural = (count: number) => (count === 1 ? '1 member' : `${count} members`)

/** Member ids (members.id) a configuration enrolled for this migration: the ones the insurer knows. */
async function enrolledMembers(migrationId: number, configId: number) {
  const rows = await db
    .from('api_logs')
    .where('migration_id', migrationId)
    .where('api_configuration_id', configId)
    .where('call_type', 'enrolment')
    .where('success', true)
    .distinct('member_id')
  return new Set(rows.map((row) => Number(row.member_id)))
}

/** The cancellation request body (docs/enrolment.md beside the enrolment request). */
async function cancellationRequest(
  context: MigrationContext,
  entry: MigratedMember,
  cause: CancellationCause
) {
  const cancellation =
    cause === 'lapsed' || cause === 'expired'
      ? null
      : await coverageCancellation.find(context.migration.id)
  const effectiveOn =
    cause === 'expired'
      ? isoDate(context.migration.end_date)
      : cancellation
        ? isoDate(cancellation.effective_on)
        : null
  return {
    migrationReference: context.migration.migration_reference,
    cause,
    effectiveOn,
    reason: cancellation?.reason ?? context.migration.failure_reason ?? null,
    member: {
      memberId: entry.member.member_id,
      personId: entry.member.person_id,
      insurerPersonId: entry.selection.dhig_person_id,
      insurerMemberId: entry.selection.dhig_member_id,
      fullName: entry.member.insured_full_name,
    },
  }
}

function logFields(
  context: MigrationContext,
  config: ApiConfiguration,
  entry: MigratedMember,
  key: string
) {
  return {
    migration_id: context.migration.id,
    api_configuration_id: config.id,
    api_name: config.name,
    member_id: entry.member.id,
    member_name: entry.member.insured_full_name,
    member_id_str: entry.member.member_id,
    idempotency_key: key,
    call_type: 'cancellation' as const,
  }
}

/** A cancellation that cannot be sent (no endpoint): one skipped api_logs row per member and cause, whose error says why. */
async function recordSkip(
  context: MigrationContext,
  config: ApiConfiguration,
  entry: MigratedMember,
  cause: CancellationCause
) {
  const key = insurerCancellationKey(context.migration, entry.member.member_id, cause, config.id)
  if (await ApiLog.query().where('idempotency_key', key).where('call_type', 'cancellation').first())
    return
  await ApiLog.create({
    ...logFields(context, config, entry, key),
    endpoint: '',
    success: false,
    skipped: true,
    response_status: null,
    error_message: `Skipped: ${config.name} has no cancellation endpoint configured`,
    request_payload: JSON.stringify(await cancellationRequest(context, entry, cause)).slice(
      0,
      MAX_PAYLOAD
    ),
    response_payload: null,
    attempt: null,
  })
}

/**
 * The registered insurer cancellation call (insurerCancellation.use at boot): for each enabled
 * API configuration and each member it enrolled, one job (dedupe_key = the call's
 * Idempotency-Key, so any number of runs queue it once) that makes the call with retries and
 * then dead letter; a configuration without a cancellation endpoint gets a skipped row per member.
 */
export async function queueInsurerCancellation(
  migrationId: number,
  cause: CancellationCause
): Promise<InsurerNotice> {
  const configs = await ApiConfiguration.query().where('enabled', true).orderBy('id')
  if (configs.length === 0)
    return { status: 'skipped', detail: NOT_TOLD('no insurer API is configured') }
  const context = await loadMigrationContext(migrationId)
  let queued = 0
  const withoutEndpoint = new Set<string>()
  for (const config of configs) {
    const enrolled = await enrolledMembers(migrationId, config.id)
    for (const entry of context.members.filter((candidate) => enrolled.has(candidate.member.id))) {
      if (!config.cancellation_endpoint_url) {
        await recordSkip(context, config, entry, cause)
        withoutEndpoint.add(config.name)
        continue
      }
      const key = insurerCancellationKey(
        context.migration,
        entry.member.member_id,
        cause,
        config.id
      )
      await jobQueue.enqueueOnce(
        JOB_TYPES.insurerCancellationCall,
        { migrationId, configId: config.id, memberId: entry.member.id, cause },
        key,
        { maxAttempts: CANCELLATION_CALL_ATTEMPTS }
      )
      queued++
    }
  }
  const missing =
    withoutEndpoint.size > 0
      ? NOT_TOLD(`no cancellation endpoint is configured for ${[...withoutEndpoint].join(', ')}`)
      : null
  if (queued > 0)
    return {
      status: 'queued',
      detail: [`The insurer cancellation call is queued for ${plural(queued)}.`, missing]
        .filter(Boolean)
        .join(' '),
    }
  return {
    status: 'skipped',
    detail:
      missing ??
      'No member was enrolled with the insurer automatically: there is nothing to cancel there.',
  }
}

/**
 * One attempt of one member's cancellation call (its job; a replay). Logged like an enrolment
 * call (row before the call, answer after); answers the error text or null. Nothing is sent
 * again once the insurer accepted it.
 */
async function callInsurerCancellation(
  migrationId: number,
  configId: number,
  memberId: number,
  cause: CancellationCause
): Promise<string | null> {
  const config = await ApiConfiguration.find(configId)
  if (
    !config ||
    !config.enabled ||
    !config.cancellation_endpoint_url ||
    !(await Migration.find(migrationId))
  )
    return null // nothing to call any more
  const context = await loadMigrationContext(migrationId)
  const entry = context.members.find((candidate) => candidate.member.id === memberId)
  if (!entry) return null
  const key = insurerCancellationKey(context.migration, entry.member.member_id, cause, config.id)
  const earlier = await ApiLog.query()
    .where('idempotency_key', key)
    .where('call_type', 'cancellation')
  if (earlier.some((log) => log.success)) return null
  const request = await cancellationRequest(context, entry, cause)
  const log = await ApiLog.create({
    ...logFields(context, config, entry, key),
    endpoint: config.cancellation_endpoint_url,
    success: false,
    skipped: false,
    response_status: null,
    error_message: 'No answer recorded (interrupted)',
    request_payload: JSON.stringify(request).slice(0, MAX_PAYLOAD),
    response_payload: null,
    attempt: earlier.length + 1,
  })
  const answer = await postToInsurer(config, config.cancellation_endpoint_url, request, key)
  await log
    .merge({
      success: answer.ok,
      response_status: answer.status,
      error_message: answer.error?.slice(0, 1000) ?? null,
      response_payload: answer.body?.slice(0, MAX_PAYLOAD) ?? null,
    })
    .save()
  return answer.ok ? null : answer.error
}

/** The job of one cancellation call: a failure throws, so the queue retries it with a growing delay, then leaves it in dead letter (Replay). */
export const insurerCancellationCallJob: JobHandler = {
  async run(payload) {
    const error = await callInsurerCancellation(
      Number(payload.migrationId),
      Number(payload.configId),
      Number(payload.memberId),
      payload.cause as CancellationCause
    )
    if (error) throw new Error(error)
  },
}
